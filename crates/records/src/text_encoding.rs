//! Bytes of old Windows programs to text and back: UTF-8 where it is valid,
//! else Windows-1252 (RenLib, PlayOK and RenjuBase write the ANSI code page).

/// The characters of Windows-1252's bytes 0x80..=0x9F; the five bytes the code
/// page leaves undefined keep their Latin-1 control characters, so that every
/// byte decodes and encodes back.
const HIGH_CONTROLS: [char; 32] = [
    '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}',
    '\u{0090}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
];

/// The text of `bytes`: UTF-8 when they are valid UTF-8, else Windows-1252.
pub(crate) fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => bytes.iter().map(|&byte| windows_1252(byte)).collect(),
    }
}

fn windows_1252(byte: u8) -> char {
    match byte {
        0x80..=0x9F => HIGH_CONTROLS[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

fn to_windows_1252(character: char) -> Option<u8> {
    if let Some(index) = HIGH_CONTROLS.iter().position(|&c| c == character) {
        return u8::try_from(0x80 + index).ok();
    }
    match u32::from(character) {
        code @ (0..=0x7F | 0xA0..=0xFF) => u8::try_from(code).ok(),
        _ => None,
    }
}

/// Bytes for `text` that [`decode`] reads back as `text`: Windows-1252, which
/// RenLib shows as it is, when every character has a byte there; else UTF-8.
pub(crate) fn encode(text: &str) -> Vec<u8> {
    let ansi: Option<Vec<u8>> = text.chars().map(to_windows_1252).collect();
    match ansi {
        Some(bytes) if decode(&bytes) == text => bytes,
        _ => text.as_bytes().to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_decodes_and_text_comes_back() {
        let all: Vec<u8> = (0..=255).collect();
        let text = decode(&all);
        assert_eq!(text.chars().count(), 256);
        assert_eq!(decode(&encode(&text)), text);
        for sample in ["Kansei, 寒星", "Soosõrv – “8”", "plain", "Ã©"] {
            assert_eq!(decode(&encode(sample)), sample);
        }
        assert_eq!(encode("Soosõrv"), b"Soos\xf5rv");
    }
}
