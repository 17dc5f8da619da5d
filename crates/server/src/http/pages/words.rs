//! The words of the pages the server renders itself (the rules pages' frame
//! and index, the diagrams' verdicts, the 404 page), in every language of
//! [`LANGUAGES`](crate::http::pages::language::LANGUAGES). The rules themselves are
//! Markdown under `web/rules/`; only what the server adds around them is here.

use narabe_rules::FoulKind;

/// Every sentence and label of the server's own pages in one language.
#[derive(Debug)]
pub(crate) struct PageWords {
    /// The label of the header's language links.
    pub language: &'static str,
    /// The title of `/rules`.
    pub rules_title: &'static str,
    /// The line under that title.
    pub rules_intro: &'static str,
    /// The heading of the games on `/rules`.
    pub games: &'static str,
    /// The heading of the opening rules on `/rules`.
    pub opening_rules: &'static str,
    /// The name of the gomoku family, heading its opening rules (the other
    /// games are named by the titles of their pages).
    pub gomoku: &'static str,
    /// The link back to `/rules` under every rules page.
    pub all_rules: &'static str,
    /// The link to the home page under every rules page.
    pub play: &'static str,
    /// The title of the 404 page.
    pub not_found_title: &'static str,
    /// The sentence of the 404 page for an address that names nothing.
    pub not_found_page: &'static str,
    /// The sentence of the 404 page for a game link that names no game.
    pub not_found_game: &'static str,
    /// The 404 page's sentence for a tournament link that leads nowhere.
    pub not_found_tournament: &'static str,
    /// The 404 page's sentence for a bot's link that names no bot.
    pub not_found_bot: &'static str,
    /// The sentence of the 404 page for a rules page that does not exist.
    pub not_found_rules: &'static str,
    /// The 404 page's way home.
    pub go_home: &'static str,
    /// A diagram's verdict: the marked point is forbidden (followed by the
    /// kind).
    pub forbidden: &'static str,
    /// A diagram's verdict: the marked point is allowed.
    pub allowed: &'static str,
    /// A diagram's verdict: the marked point is an exact five and wins.
    pub five_wins: &'static str,
    /// The name of an overline (3x3 and 4x4 are written the same way in every
    /// language but Russian).
    pub overline: &'static str,
    /// "3x3" in this language's letters.
    pub double_three: &'static str,
    /// "4x4" in this language's letters.
    pub double_four: &'static str,
    /// Before the list of Black's stones in a diagram's description.
    pub black_stones: &'static str,
    /// Before the list of White's stones in a diagram's description.
    pub white_stones: &'static str,
    /// Instead of an empty list of stones.
    pub no_stones: &'static str,
    /// Before the point a diagram is about, in its description.
    pub marked_point: &'static str,
}

impl PageWords {
    /// The words of `language`, English for a code narabe does not speak.
    #[must_use]
    pub(crate) fn of(language: &str) -> &'static PageWords {
        match language {
            "cs" => &CZECH,
            "et" => &ESTONIAN,
            "ru" => &RUSSIAN,
            _ => &ENGLISH,
        }
    }

    /// The short name of a foul: `3x3`, `4x4`, or the word for an overline.
    #[must_use]
    pub(crate) fn foul(&self, kind: FoulKind) -> &'static str {
        match kind {
            FoulKind::DoubleThree => self.double_three,
            FoulKind::DoubleFour => self.double_four,
            FoulKind::Overline => self.overline,
        }
    }
}

static ENGLISH: PageWords = PageWords {
    language: "Language",
    rules_title: "Rules of the games",
    rules_intro: "How each game on narabe is played, and the opening rules that make it fair.",
    games: "Games",
    opening_rules: "Opening rules",
    gomoku: "Gomoku",
    all_rules: "← All rules",
    play: "Play on narabe",
    not_found_title: "Page not found",
    not_found_page: "There is nothing at this address: the link may be mistyped or incomplete.",
    not_found_game: "No game has this address: the link may be mistyped or incomplete.",
    not_found_tournament: "No tournament has this address: the link may be mistyped or incomplete.",
    not_found_bot: "No bot has this name: the link may be mistyped.",
    not_found_rules: "There is no rules page at this address.",
    go_home: "Go to the home page",
    forbidden: "Forbidden",
    allowed: "Allowed",
    five_wins: "Five: Black wins",
    overline: "overline",
    double_three: "3x3",
    double_four: "4x4",
    black_stones: "Black",
    white_stones: "White",
    no_stones: "none",
    marked_point: "the point in question",
};

static CZECH: PageWords = PageWords {
    language: "Jazyk",
    rules_title: "Pravidla her",
    rules_intro: "Jak se na narabe hraje každá hra a která pravidla zahájení ji dělají spravedlivou.",
    games: "Hry",
    opening_rules: "Pravidla zahájení",
    gomoku: "Gomoku",
    all_rules: "← Všechna pravidla",
    play: "Hrát na narabe",
    not_found_title: "Stránka nenalezena",
    not_found_page: "Na této adrese nic není: odkaz je možná překlepnutý nebo neúplný.",
    not_found_game: "Žádná hra nemá tuto adresu: odkaz je možná překlepnutý nebo neúplný.",
    not_found_tournament: "Žádný turnaj nemá tuto adresu: odkaz je možná překlepnutý nebo neúplný.",
    not_found_bot: "Žádný bot se tak nejmenuje: odkaz je možná překlepnutý.",
    not_found_rules: "Na této adrese žádná stránka pravidel není.",
    go_home: "Na úvodní stránku",
    forbidden: "Zakázáno",
    allowed: "Povoleno",
    five_wins: "Pětka: černý vyhrává",
    overline: "přesah",
    double_three: "3x3",
    double_four: "4x4",
    black_stones: "Černý",
    white_stones: "Bílý",
    no_stones: "nic",
    marked_point: "zkoumaný bod",
};

static ESTONIAN: PageWords = PageWords {
    language: "Keel",
    rules_title: "Mängude reeglid",
    rules_intro: "Kuidas narabes iga mängu mängitakse ja millised avangureeglid teevad selle ausaks.",
    games: "Mängud",
    opening_rules: "Avangureeglid",
    gomoku: "Gomoku",
    all_rules: "← Kõik reeglid",
    play: "Mängi narabes",
    not_found_title: "Lehte ei leitud",
    not_found_page: "Sellel aadressil pole midagi: link võib olla valesti kirjutatud või poolik.",
    not_found_game: "Sellel aadressil pole ühtegi mängu: link võib olla valesti kirjutatud või poolik.",
    not_found_tournament: "Sellel aadressil pole ühtegi turniiri: link võib olla valesti kirjutatud või poolik.",
    not_found_bot: "Sellise nimega robotit pole: link võib olla valesti kirjutatud.",
    not_found_rules: "Sellel aadressil pole ühtegi reeglilehte.",
    go_home: "Avalehele",
    forbidden: "Keelatud",
    allowed: "Lubatud",
    five_wins: "Viisik: must võidab",
    overline: "pikk rida",
    double_three: "3x3",
    double_four: "4x4",
    black_stones: "Must",
    white_stones: "Valge",
    no_stones: "pole",
    marked_point: "vaadeldav punkt",
};

static RUSSIAN: PageWords = PageWords {
    language: "Язык",
    rules_title: "Правила игр",
    rules_intro: "Как играть в каждую игру на narabe и какие дебютные правила делают её честной.",
    games: "Игры",
    opening_rules: "Дебютные правила",
    gomoku: "Гомоку",
    all_rules: "← Все правила",
    play: "Играть на narabe",
    not_found_title: "Страница не найдена",
    not_found_page: "По этому адресу ничего нет: возможно, в ссылке опечатка или она неполная.",
    not_found_game: "Партии с таким адресом нет: возможно, в ссылке опечатка или она неполная.",
    not_found_tournament: "Турнира с таким адресом нет: возможно, в ссылке опечатка или она неполная.",
    not_found_bot: "Бота с таким именем нет: возможно, в ссылке опечатка.",
    not_found_rules: "По этому адресу нет страницы правил.",
    go_home: "На главную",
    forbidden: "Запрещено",
    allowed: "Разрешено",
    five_wins: "Пятёрка: чёрные выигрывают",
    overline: "длинный ряд",
    double_three: "3х3",
    double_four: "4х4",
    black_stones: "Чёрные",
    white_stones: "Белые",
    no_stones: "нет",
    marked_point: "рассматриваемая точка",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::pages::language::LANGUAGES;

    #[test]
    fn every_language_has_its_own_words() {
        let english = PageWords::of("en");
        for (code, _) in &LANGUAGES[1..] {
            let words = PageWords::of(code);
            assert_ne!(words.rules_title, english.rules_title, "{code}");
            assert_ne!(words.not_found_page, english.not_found_page, "{code}");
            assert_ne!(words.all_rules, english.all_rules, "{code}");
        }
        assert_eq!(PageWords::of("xx").rules_title, english.rules_title);
        assert_eq!(PageWords::of("ru").foul(FoulKind::DoubleFour), "4х4");
    }
}
