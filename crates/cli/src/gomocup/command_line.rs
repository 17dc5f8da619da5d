//! Engine command lines split into words the way a POSIX shell would, for the
//! simple cases: blanks separate words, single quotes keep everything, double
//! quotes keep everything but `\"` and `\\`, a backslash outside quotes keeps the
//! next character. No variables, globs or pipes: the words go straight to the
//! program, nothing runs through a shell.

/// Splits `line` into words.
///
/// # Errors
///
/// An unterminated quote, a trailing backslash, or no words at all.
pub fn split_command_line(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated ' in {line:?}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unterminated \" in {line:?}")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated \" in {line:?}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("trailing backslash in {line:?}")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("an empty engine command".to_owned());
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_a_shell() {
        assert_eq!(
            split_command_line("narabe engine --level 8").unwrap(),
            ["narabe", "engine", "--level", "8"]
        );
        assert_eq!(
            split_command_line(r#"  "/opt/my brains/pbrain-x" 'a b'  c\ d "q\"uote" ''"#).unwrap(),
            ["/opt/my brains/pbrain-x", "a b", "c d", "q\"uote", ""]
        );
        assert!(split_command_line("").is_err());
        assert!(split_command_line("   ").is_err());
        assert!(split_command_line("'open").is_err());
        assert!(split_command_line("\"open").is_err());
        assert!(split_command_line("end\\").is_err());
    }
}
