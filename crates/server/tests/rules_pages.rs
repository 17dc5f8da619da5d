//! The player-facing rules pages under `web/rules/<lang>/<page>.md`, which the
//! server serves at `/rules/<page>`: every language of the server's list has every
//! page of its list (and nothing else), and every page has the shape of the
//! model page — a `# ` title, a one-sentence summary, a
//! "What is …?" section of paragraphs, optionally a section of diagrams
//! (paragraphs and `{{…}}` directive lines), a section with a three-column
//! comparison table of 4 to 6 rows, and a short history section. Translations
//! must not be copies: no two pages are identical and every translated summary
//! differs from the English one. The renju page and the RIF page have their
//! diagrams in every language.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The languages the server serves, by code.
const LANGS: [&str; 4] = {
    let [(a, _), (b, _), (c, _), (d, _)] = narabe_server::rules_pages::LANGUAGES;
    [a, b, c, d]
};

/// The pages the server serves (the catalogue's).
fn pages() -> Vec<&'static str> {
    narabe_server::rules_pages::pages()
}

const MAX_LINE_CHARS: usize = 1_000;

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/rules")
}

fn page_path(lang: &str, page: &str) -> PathBuf {
    rules_dir().join(lang).join(format!("{page}.md"))
}

fn read_page(lang: &str, page: &str) -> String {
    let path = page_path(lang, page);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Every `.md` file below `dir`, as paths relative to `root`.
fn markdown_files(root: &Path, dir: &Path, found: &mut BTreeSet<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            markdown_files(root, &path, found);
        } else if path.extension().is_some_and(|ext| ext == "md") {
            found.insert(path.strip_prefix(root).unwrap().to_path_buf());
        }
    }
}

/// The file as blocks of consecutive non-blank lines.
fn blocks(text: &str) -> Vec<Vec<&str>> {
    let mut blocks = Vec::new();
    let mut current = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            if !current.is_empty() {
                blocks.push(std::mem::take(&mut current));
            }
        } else {
            current.push(line);
        }
    }
    if !current.is_empty() {
        blocks.push(current);
    }
    blocks
}

fn is_heading(block: &[&str], marker: &str) -> bool {
    block.len() == 1 && block[0].starts_with(marker) && !block[0][marker.len()..].trim().is_empty()
}

/// Whether every line of the block is a diagram directive.
fn is_directives(block: &[&str]) -> bool {
    block.iter().all(|line| line.starts_with("{{"))
}

fn is_paragraph(block: &[&str]) -> bool {
    block
        .iter()
        .all(|line| !line.starts_with('#') && !line.trim_start().starts_with('|'))
}

/// The non-empty cells of a table row `| a | b | c |`, or `None` if it is no row.
fn cells(line: &str) -> Option<Vec<&str>> {
    let inner = line.trim().strip_prefix('|')?.strip_suffix('|')?;
    let cells: Vec<&str> = inner.split('|').map(str::trim).collect();
    cells.iter().all(|c| !c.is_empty()).then_some(cells)
}

/// Checks one page and returns its problems (empty when it is well formed).
fn problems(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = line.chars().count();
        if n > MAX_LINE_CHARS {
            problems.push(format!("line {} has {n} characters", i + 1));
        }
    }
    if !text.starts_with("# ") {
        problems.push("does not start with `# `".into());
    }
    let headings: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
    if !(4..=5).contains(&headings.len()) || headings[1..].iter().any(|h| !h.starts_with("## ")) {
        problems.push(format!(
            "expected a `# ` title and three `## ` headings (four with diagrams), found {headings:?}"
        ));
        return problems;
    }

    let blocks = blocks(text);
    let heading_at: Vec<usize> = (0..blocks.len())
        .filter(|&i| is_heading(&blocks[i], "## "))
        .collect();
    if !is_heading(&blocks[0], "# ") || heading_at.len() != headings.len() - 1 {
        problems.push("title or headings are not lines of their own".into());
        return problems;
    }
    // With four sections the second holds the diagrams: paragraphs and
    // directive lines, at least one of them.
    let (what, differs, history) = if let [what, pictures, differs, history] = heading_at[..] {
        let section = &blocks[pictures + 1..differs];
        if !section.iter().any(|b| is_directives(b)) || !section.iter().all(|b| is_paragraph(b)) {
            problems.push("the diagrams section needs directives and paragraphs only".into());
        }
        (what, differs, history)
    } else {
        (heading_at[0], heading_at[1], heading_at[2])
    };
    // Outside that section every block is prose or a table.
    for (i, block) in blocks.iter().enumerate() {
        let in_pictures = heading_at.len() == 4 && (heading_at[1]..heading_at[2]).contains(&i);
        if !in_pictures && block.iter().any(|line| line.starts_with("{{")) {
            problems.push(format!(
                "a directive outside the diagrams section: {}",
                block[0]
            ));
        }
    }

    // Title, then exactly one summary paragraph of one sentence-like line.
    if what != 2 || !is_paragraph(&blocks[1]) {
        problems.push("expected exactly one summary paragraph after the title".into());
    }

    // "What is …?": 2 to 4 paragraphs.
    let paragraphs = &blocks[what + 1..heading_at[1]];
    if !(2..=4).contains(&paragraphs.len()) || !paragraphs.iter().all(|b| is_paragraph(b)) {
        problems.push(format!(
            "the first section needs 2-4 paragraphs, has {} blocks",
            paragraphs.len()
        ));
    }

    // The comparison: exactly one table.
    if history != differs + 2 {
        problems.push("the second section must hold exactly one table".into());
    } else {
        let table = &blocks[differs + 1];
        if table.len() < 2 || cells(table[0]).map(|c| c.len()) != Some(3) {
            problems.push("the table needs a header row of three cells".into());
        }
        if table.get(1).map(|l| l.trim()) != Some("|---|---|---|") {
            problems.push("the table's second line must be `|---|---|---|`".into());
        }
        let body = table.get(2..).unwrap_or_default();
        if !(4..=6).contains(&body.len()) {
            problems.push(format!("the table has {} body rows, not 4-6", body.len()));
        }
        for row in body {
            if cells(row).map(|c| c.len()) != Some(3) {
                problems.push(format!("not a row of three non-empty cells: {row}"));
            }
        }
    }

    // History: 1 or 2 paragraphs, and nothing after them.
    let paragraphs = &blocks[history + 1..];
    if !(1..=2).contains(&paragraphs.len()) || !paragraphs.iter().all(|b| is_paragraph(b)) {
        problems.push(format!(
            "the history needs 1-2 paragraphs, has {} blocks",
            paragraphs.len()
        ));
    }
    problems
}

#[test]
fn every_language_has_exactly_the_expected_pages() {
    let root = rules_dir();
    let mut found = BTreeSet::new();
    markdown_files(&root, &root, &mut found);
    let expected: BTreeSet<PathBuf> = LANGS
        .iter()
        .flat_map(|lang| {
            pages()
                .into_iter()
                .map(move |page| Path::new(lang).join(format!("{page}.md")))
        })
        .collect();
    let missing: Vec<_> = expected.difference(&found).collect();
    let extra: Vec<_> = found.difference(&expected).collect();
    assert!(missing.is_empty(), "missing pages: {missing:?}");
    assert!(extra.is_empty(), "unexpected .md files: {extra:?}");
}

#[test]
fn every_page_has_the_structure_of_the_model_page() {
    let mut failures = Vec::new();
    for lang in LANGS {
        for page in pages() {
            for problem in problems(&read_page(lang, page)) {
                failures.push(format!("{lang}/{page}.md: {problem}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn translations_are_not_copies() {
    let mut seen: Vec<(String, String)> = Vec::new();
    for lang in LANGS {
        for page in pages() {
            let text = read_page(lang, page);
            let name = format!("{lang}/{page}.md");
            if let Some((other, _)) = seen.iter().find(|(_, t)| *t == text) {
                panic!("{name} is identical to {other}");
            }
            seen.push((name, text));
        }
    }
    for page in pages() {
        let summary = |lang| {
            read_page(lang, page)
                .lines()
                .nth(2)
                .unwrap_or("")
                .to_owned()
        };
        let english = summary("en");
        for lang in &LANGS[1..] {
            assert_ne!(
                summary(lang),
                english,
                "the summary of {lang}/{page}.md is the English one"
            );
        }
    }
}

#[test]
fn the_checker_rejects_malformed_pages() {
    let good = "# T\n\nSummary.\n\n## What\n\nOne.\n\nTwo.\n\n## Diff\n\n| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n| 1 | 2 | 3 |\n| 1 | 2 | 3 |\n| 1 | 2 | 3 |\n\n## History\n\nOnce.\n";
    assert!(problems(good).is_empty(), "{:?}", problems(good));
    let bad = [
        good.replace("# T\n", "T\n"),
        good.replace("\nTwo.\n", "\n### Two\n"),
        good.replace("\n\nTwo.", ""),
        good.replace("|---|---|---|", "|---|---|"),
        good.replace("| 1 | 2 | 3 |\n", "| 1 | 2 |\n"),
        good.replace("| 1 | 2 | 3 |\n| 1 | 2 | 3 |\n", ""),
        good.replace("Once.", &"x".repeat(MAX_LINE_CHARS + 1)),
        format!("{good}\nThree.\n\nFour.\n"),
    ];
    for text in bad {
        assert!(!problems(&text).is_empty(), "accepted:\n{text}");
    }
    let pictures = "## Pictures\n\nIntro.\n\n{{diagram a}} A.\n{{diagram b}} B.\n\n";
    let with_diagrams = good.replace("## Diff", &format!("{pictures}## Diff"));
    assert!(
        problems(&with_diagrams).is_empty(),
        "{:?}",
        problems(&with_diagrams)
    );
    for text in [
        good.replace("## Diff", "## Pictures\n\nNo diagram.\n\n## Diff"),
        good.replace("\nTwo.\n", "\n{{diagram a}} Two.\n"),
        with_diagrams.replace("{{diagram b}} B.", "| a | b | c |"),
    ] {
        assert!(!problems(&text).is_empty(), "accepted:\n{text}");
    }
}

/// The renju page shows the forbidden-move examples and the RIF page the 26
/// openings, in every language (what each draws is checked where the
/// diagrams are rendered).
#[test]
fn the_renju_and_rif_pages_have_their_diagrams_in_every_language() {
    for lang in LANGS {
        let renju = read_page(lang, "renju");
        for name in [
            "renju-double-three",
            "renju-double-four",
            "renju-single-line-double-four",
            "renju-overline",
            "renju-false-double-three",
            "renju-five-beats-foul",
        ] {
            let directive = format!("{{{{diagram {name}}}}} ");
            assert_eq!(
                renju.matches(&directive).count(),
                1,
                "{lang}/renju.md: {name}"
            );
        }
        let rif = read_page(lang, "renju-rif");
        for family in ["direct", "indirect"] {
            let directive = format!("{{{{openings {family}}}}}");
            assert_eq!(
                rif.matches(&directive).count(),
                1,
                "{lang}/renju-rif.md: {family}"
            );
        }
        assert!(
            rif.contains("{#openings}"),
            "{lang}/renju-rif.md has no anchor"
        );
    }
}
