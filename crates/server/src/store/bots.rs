//! The store's bots: registered and revoked, their challenges made,
//! answered and accepted (with the game an acceptance creates, in the same
//! transaction), and what is read of them.

use narabe_rules::Player;

use super::writer::WriteRequest;
use super::{
    BotGameRecord, BotRecord, ChallengeAcceptance, ChallengeAnswer, ChallengeRecord, NewBot,
    NewChallenge, Readers, Store, StoreError, TokenHash, postgres, sqlite,
};

impl Store {
    /// Stores a new bot; [`StoreError::DuplicateId`] when its name (in any
    /// case) or its key is taken.
    pub async fn create_bot(&self, bot: NewBot) -> Result<(), StoreError> {
        self.writer
            .request(|reply| WriteRequest::CreateBot { bot, reply })
            .await
    }

    /// Revokes the key of bot `id` at `at`; whether this call did (`false`
    /// when it was revoked already), [`StoreError::NotFound`] for no such bot.
    pub async fn revoke_bot(&self, id: &str, at: i64) -> Result<bool, StoreError> {
        self.writer
            .request(|reply| WriteRequest::RevokeBot {
                id: id.to_owned(),
                at,
                reply,
            })
            .await
    }

    /// Stores a new challenge, open or declined at once;
    /// [`StoreError::DuplicateId`] if its id is taken.
    pub async fn create_challenge(&self, challenge: NewChallenge) -> Result<(), StoreError> {
        self.writer
            .request(|reply| WriteRequest::CreateChallenge { challenge, reply })
            .await
    }

    /// Declines or cancels a challenge if it is still open and unexpired at
    /// `answer.at`; whether it was.
    pub async fn answer_challenge(&self, answer: ChallengeAnswer) -> Result<bool, StoreError> {
        self.writer
            .request(|reply| WriteRequest::AnswerChallenge { answer, reply })
            .await
    }

    /// Accepts a challenge if it is still open and unexpired at
    /// `acceptance.at`, creating its game and the game's bot seats in the
    /// same transaction; whether it was open (when not, nothing is written).
    pub async fn accept_challenge(
        &self,
        acceptance: ChallengeAcceptance,
    ) -> Result<bool, StoreError> {
        self.writer
            .request(|reply| WriteRequest::AcceptChallenge {
                acceptance: Box::new(acceptance),
                reply,
            })
            .await
    }

    /// The bot `id` (its name in lower case), or `None`.
    pub async fn bot(&self, id: &str) -> Result<Option<BotRecord>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::bot_by_id(pool, id).await,
            Readers::Postgres(pool) => postgres::bot_by_id(pool, id).await,
        }
    }

    /// The bot whose key hashes to `key_hash`, revoked or not, or `None`.
    pub async fn bot_by_key(&self, key_hash: &TokenHash) -> Result<Option<BotRecord>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::bot_by_key(pool, key_hash).await,
            Readers::Postgres(pool) => postgres::bot_by_key(pool, key_hash).await,
        }
    }

    /// The challenge `id`, or `None`.
    pub async fn challenge(&self, id: &str) -> Result<Option<ChallengeRecord>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::challenge_by_id(pool, id).await,
            Readers::Postgres(pool) => postgres::challenge_by_id(pool, id).await,
        }
    }

    /// The challenges made to bot `id` or by it that are open and unexpired
    /// at `now`, the oldest first.
    pub async fn open_challenges(
        &self,
        id: &str,
        now: i64,
    ) -> Result<Vec<ChallengeRecord>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::open_challenges(pool, id, now).await,
            Readers::Postgres(pool) => postgres::open_challenges(pool, id, now).await,
        }
    }

    /// The games of bot `id` that have no result yet, the oldest first.
    pub async fn ongoing_bot_games(&self, id: &str) -> Result<Vec<BotGameRecord>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::ongoing_bot_games(pool, id).await,
            Readers::Postgres(pool) => postgres::ongoing_bot_games(pool, id).await,
        }
    }

    /// The finished games of bot `id`, the latest first, at most `limit`.
    pub async fn finished_bot_games(
        &self,
        id: &str,
        limit: i64,
    ) -> Result<Vec<BotGameRecord>, StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::finished_bot_games(pool, id, limit).await,
            Readers::Postgres(pool) => postgres::finished_bot_games(pool, id, limit).await,
        }
    }

    /// Bot `id`'s wins, losses and draws (aborted games are none of them).
    pub async fn bot_record(&self, id: &str) -> Result<(i64, i64, i64), StoreError> {
        match &self.readers {
            Readers::Sqlite(pool) => sqlite::bot_record(pool, id).await,
            Readers::Postgres(pool) => postgres::bot_record(pool, id).await,
        }
    }

    /// The seats of game `id` that bots hold, with the bots' ids.
    pub async fn bots_of_game(&self, id: &str) -> Result<Vec<(Player, String)>, StoreError> {
        let rows = match &self.readers {
            Readers::Sqlite(pool) => sqlite::bots_of_game(pool, id).await?,
            Readers::Postgres(pool) => postgres::bots_of_game(pool, id).await?,
        };
        rows.into_iter()
            .map(|(seat, bot)| match seat.as_str() {
                "first" => Ok((Player::First, bot)),
                "second" => Ok((Player::Second, bot)),
                _ => Err(StoreError::Corrupt(format!(
                    "game {id}: a bot seat {seat:?}"
                ))),
            })
            .collect()
    }
}
