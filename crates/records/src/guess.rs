//! Which format a file is, from its bytes alone.

use crate::Format;

/// The format of `bytes`, guessed from their start: RenLib's magic bytes or a
/// headerless library's first move on h8, a `.pos` move count that matches
/// the length, SGF's `(;`, XML, Piskvork's first word, PlayOK's tags, a
/// `.bdt` line, or a narabe log (its header, or action lines). `None` when
/// nothing fits.
///
/// ```
/// use narabe_records::{Format, guess_format};
/// assert_eq!(guess_format(b"(;GM[4]SZ[15];B[hh])"), Some(Format::Sgf));
/// assert_eq!(guess_format(b"Piskvorky 20x20, 11:11, 0\n10,10,0\n"), Some(Format::Psq));
/// assert_eq!(guess_format(b"\xffRenLib\xff\x03\x04\xff\xff"), Some(Format::Lib));
/// assert_eq!(guess_format(b"place h8\nplace h9\n"), Some(Format::NarabeLog));
/// assert_eq!(guess_format(b"\x02\x70\x71"), Some(Format::Pos));
/// assert_eq!(guess_format(b"hello"), None);
/// ```
#[must_use]
pub fn guess_format(bytes: &[u8]) -> Option<Format> {
    if bytes.starts_with(&crate::renlib::MAGIC) {
        return Some(Format::Lib);
    }
    if let Some(&count) = bytes.first()
        && (1..=225).contains(&count)
        && bytes.len() == usize::from(count) + 1
        && bytes[1..].iter().all(|&byte| byte < 225)
        && !looks_like_text(bytes)
    {
        return Some(Format::Pos);
    }
    if bytes.first() == Some(&crate::renlib::CENTER)
        && bytes.len().is_multiple_of(2)
        && bytes.iter().take(64).any(|&byte| byte == 0 || byte >= 0x80)
    {
        return Some(Format::Lib);
    }
    let text = crate::text_encoding::decode(&bytes[..bytes.len().min(4096)]);
    let text = text.trim_start_matches('\u{feff}').trim_start();
    if text.starts_with('(') && text[1..].trim_start().starts_with(';') {
        return Some(Format::Sgf);
    }
    if text.starts_with('<') {
        return Some(Format::Rif);
    }
    if text.starts_with(crate::psq::MAGIC) {
        return Some(Format::Psq);
    }
    if text.starts_with(crate::narabe_log::FIRST_LINE) {
        return Some(Format::NarabeLog);
    }
    if text.starts_with('[')
        && text
            .lines()
            .next()
            .is_some_and(|line| line.trim_end().ends_with("\"]"))
    {
        return Some(Format::PlayOk);
    }
    let first_line = text.lines().next().unwrap_or("");
    if first_line.contains("=[") && first_line.trim_end().ends_with(']') {
        return Some(Format::Bdt);
    }
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .peekable();
    if lines.peek().is_some()
        && lines
            .take(8)
            .all(|line| line.parse::<narabe_rules::Action>().is_ok())
    {
        return Some(Format::NarabeLog);
    }
    None
}

/// Whether `bytes` are printable text (then they are not a `.pos`).
fn looks_like_text(bytes: &[u8]) -> bool {
    bytes.iter().all(|&byte| {
        byte == b'\n' || byte == b'\r' || byte == b'\t' || (0x20..0x7F).contains(&byte)
    })
}
