//! The statements of bots for each backend, written once: a macro
//! instantiates them for a backend's sqlx types, as `statements.rs` does for
//! games and `tournament_statements.rs` for tournaments.

/// Defines, in the invoking module, the writes `insert_bot`,
/// `revoke_bot_key`, `insert_challenge`, `answer_open_challenge` and
/// `accept_open_challenge` (which the backend's writer calls) and the reads
/// `bot_by_id`, `bot_by_key`, `challenge_by_id`, `open_challenges`,
/// `ongoing_bot_games`, `finished_bot_games`, `bot_record` and
/// `bots_of_game` over
/// `$pool`.
macro_rules! bot_statements {
    (
        connection: $connection:ty,
        pool: $pool:ty $(,)?
    ) => {
        /// Inserts a bot, or `DuplicateId` when its name or key is taken.
        async fn insert_bot(
            connection: &mut $connection,
            bot: &$crate::store::NewBot,
        ) -> Result<(), StoreError> {
            let inserted = sqlx::query($crate::store::bot_sql::INSERT_BOT)
                .bind(&bot.id)
                .bind(&bot.name)
                .bind(bot.key_hash.as_slice())
                .bind(&bot.profile_json)
                .bind(bot.created_at)
                .execute(&mut *connection)
                .await?
                .rows_affected();
            if inserted == 0 {
                return Err(StoreError::DuplicateId);
            }
            Ok(())
        }

        /// Revokes a bot's key; whether this call did (not when revoked
        /// already). `NotFound` for no such bot.
        async fn revoke_bot_key(
            connection: &mut $connection,
            id: &str,
            at: i64,
        ) -> Result<bool, StoreError> {
            let revoked = sqlx::query($crate::store::bot_sql::REVOKE_BOT)
                .bind(at)
                .bind(id)
                .execute(&mut *connection)
                .await?
                .rows_affected();
            if revoked == 0 {
                let exists: Option<$crate::store::bot_records::BotRow> =
                    sqlx::query_as($crate::store::bot_sql::SELECT_BOT)
                        .bind(id)
                        .fetch_optional(&mut *connection)
                        .await?;
                if exists.is_none() {
                    return Err(StoreError::NotFound);
                }
            }
            Ok(revoked == 1)
        }

        /// Inserts a challenge, open or declined at once, or `DuplicateId`.
        async fn insert_challenge(
            connection: &mut $connection,
            challenge: &$crate::store::NewChallenge,
        ) -> Result<(), StoreError> {
            let (bot, secret) = match &challenge.challenger {
                $crate::store::Challenger::Bot(bot) => (Some(bot.as_str()), None),
                $crate::store::Challenger::Person(hash) => (None, Some(hash.as_slice())),
            };
            let inserted = sqlx::query($crate::store::bot_sql::INSERT_CHALLENGE)
                .bind(&challenge.id)
                .bind(&challenge.bot_id)
                .bind(bot)
                .bind(secret)
                .bind(&challenge.settings_json)
                .bind(challenge.challenger_seat.name())
                .bind(challenge.created_at)
                .bind(challenge.expires_at)
                .bind(challenge.declined.as_deref())
                .execute(&mut *connection)
                .await?
                .rows_affected();
            if inserted == 0 {
                return Err(StoreError::DuplicateId);
            }
            Ok(())
        }

        /// Declines or cancels a challenge still open; whether it was.
        async fn answer_open_challenge(
            connection: &mut $connection,
            answer: &$crate::store::ChallengeAnswer,
        ) -> Result<bool, StoreError> {
            let answered = sqlx::query($crate::store::bot_sql::ANSWER_CHALLENGE)
                .bind(answer.status.name())
                .bind(answer.reason.as_deref())
                .bind(&answer.id)
                .bind(answer.at)
                .execute(&mut *connection)
                .await?
                .rows_affected();
            Ok(answered == 1)
        }

        /// Accepts a challenge still open and creates its game with its bot
        /// seats; whether it was open. A refusal writes nothing.
        async fn accept_open_challenge(
            connection: &mut $connection,
            acceptance: &$crate::store::ChallengeAcceptance,
        ) -> Result<bool, StoreError> {
            use $crate::store::bot_sql as bsql;
            let accepted = sqlx::query(bsql::ACCEPT_CHALLENGE)
                .bind(&acceptance.game.id)
                .bind(acceptance.at)
                .bind(&acceptance.id)
                .execute(&mut *connection)
                .await?
                .rows_affected();
            if accepted == 0 {
                return Ok(false);
            }
            let game = &acceptance.game;
            sqlx::query(bsql::INSERT_CHALLENGE_GAME)
                .bind(&game.id)
                .bind(&game.config_json)
                .bind(game.created_at)
                .bind(game.first_token_hash.as_ref().map(|hash| hash.as_slice()))
                .bind(game.second_token_hash.as_ref().map(|hash| hash.as_slice()))
                .bind(game.deadline_at)
                .bind(game.computer.map(|computer| computer.seat.name()))
                .bind(game.computer.map(|computer| i64::from(computer.level)))
                .execute(&mut *connection)
                .await?;
            for (seat, bot) in &acceptance.bot_seats {
                sqlx::query(bsql::INSERT_BOT_GAME)
                    .bind(&game.id)
                    .bind(seat.name())
                    .bind(bot)
                    .execute(&mut *connection)
                    .await?;
            }
            Ok(true)
        }

        /// The bot `id`, or `None`.
        pub(super) async fn bot_by_id(
            pool: &$pool,
            id: &str,
        ) -> Result<Option<$crate::store::BotRecord>, StoreError> {
            let row: Option<$crate::store::bot_records::BotRow> =
                sqlx::query_as($crate::store::bot_sql::SELECT_BOT)
                    .bind(id)
                    .fetch_optional(pool)
                    .await?;
            Ok(row.map(Into::into))
        }

        /// The bot whose key hashes to `key_hash`, or `None`.
        pub(super) async fn bot_by_key(
            pool: &$pool,
            key_hash: &$crate::store::TokenHash,
        ) -> Result<Option<$crate::store::BotRecord>, StoreError> {
            let row: Option<$crate::store::bot_records::BotRow> =
                sqlx::query_as($crate::store::bot_sql::SELECT_BOT_BY_KEY)
                    .bind(key_hash.as_slice())
                    .fetch_optional(pool)
                    .await?;
            Ok(row.map(Into::into))
        }

        /// The challenge `id`, or `None`.
        pub(super) async fn challenge_by_id(
            pool: &$pool,
            id: &str,
        ) -> Result<Option<$crate::store::ChallengeRecord>, StoreError> {
            let row: Option<$crate::store::bot_records::ChallengeRow> =
                sqlx::query_as($crate::store::bot_sql::SELECT_CHALLENGE)
                    .bind(id)
                    .fetch_optional(pool)
                    .await?;
            row.map(|row| row.into_record()).transpose()
        }

        /// The challenges made to or by bot `id` still open at `now`.
        pub(super) async fn open_challenges(
            pool: &$pool,
            id: &str,
            now: i64,
        ) -> Result<Vec<$crate::store::ChallengeRecord>, StoreError> {
            let rows: Vec<$crate::store::bot_records::ChallengeRow> =
                sqlx::query_as($crate::store::bot_sql::SELECT_OPEN_CHALLENGES)
                    .bind(id)
                    .bind(now)
                    .fetch_all(pool)
                    .await?;
            rows.into_iter().map(|row| row.into_record()).collect()
        }

        /// The unfinished games of bot `id`.
        pub(super) async fn ongoing_bot_games(
            pool: &$pool,
            id: &str,
        ) -> Result<Vec<$crate::store::BotGameRecord>, StoreError> {
            let rows: Vec<$crate::store::bot_records::BotGameRow> =
                sqlx::query_as($crate::store::bot_sql::SELECT_ONGOING_BOT_GAMES)
                    .bind(id)
                    .fetch_all(pool)
                    .await?;
            rows.into_iter().map(|row| row.into_record()).collect()
        }

        /// The finished games of bot `id`, the latest first, at most `limit`.
        pub(super) async fn finished_bot_games(
            pool: &$pool,
            id: &str,
            limit: i64,
        ) -> Result<Vec<$crate::store::BotGameRecord>, StoreError> {
            let rows: Vec<$crate::store::bot_records::BotGameRow> =
                sqlx::query_as($crate::store::bot_sql::SELECT_FINISHED_BOT_GAMES)
                    .bind(id)
                    .bind(limit)
                    .fetch_all(pool)
                    .await?;
            rows.into_iter().map(|row| row.into_record()).collect()
        }

        /// The wins, losses and draws of bot `id`.
        pub(super) async fn bot_record(
            pool: &$pool,
            id: &str,
        ) -> Result<(i64, i64, i64), StoreError> {
            Ok(sqlx::query_as($crate::store::bot_sql::SELECT_BOT_RECORD)
                .bind(id)
                .fetch_one(pool)
                .await?)
        }

        /// The bots of game `id` with their seats (as stored: `first`,
        /// `second`).
        pub(super) async fn bots_of_game(
            pool: &$pool,
            id: &str,
        ) -> Result<Vec<(String, String)>, StoreError> {
            Ok(sqlx::query_as($crate::store::bot_sql::SELECT_BOTS_OF_GAME)
                .bind(id)
                .fetch_all(pool)
                .await?)
        }
    };
}

pub(super) use bot_statements;
