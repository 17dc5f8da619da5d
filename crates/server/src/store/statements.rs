//! The statements of the store, written once for both backends: the queries are
//! the same text (`sql.rs`), and only the sqlx types differ, so a macro
//! instantiates the writer's statements and the reads for each backend's types.

/// Defines, in the invoking module, `$writes` (the [`super::writer::WriteBackend`]
/// of a backend) and the read functions `load`, `load_tail`,
/// `overdue_deadlines`, `unfinished_with_deadline`,
/// `unfinished_computer_games_with_deadline`, `game_ids_after` and
/// `count_games` over `$pool`. `$append_guarded` is the backend's guarded
/// append (advance the ply if it is the expected one and log the actions;
/// whether it did) and `$append_batch` its appends to several games at once
/// (see `WriteBackend::append_batch`): the writes whose statements differ
/// between backends.
macro_rules! backend_statements {
    (
        writes: $writes:ident,
        database: $database:ty,
        connection: $connection:ty,
        pool: $pool:ty,
        begin: $begin:expr,
        append_guarded: $append_guarded:path,
        append_batch: $append_batch:path $(,)?
    ) => {
        /// The statements of this backend's writer.
        pub(super) struct $writes;

        impl WriteBackend for $writes {
            type Database = $database;

            const BEGIN: &'static str = $begin;

            async fn create_game(
                connection: &mut $connection,
                game: &NewGame,
            ) -> Result<(), StoreError> {
                let inserted = sqlx::query(sql::INSERT_GAME)
                    .bind(&game.id)
                    .bind(&game.config_json)
                    .bind(game.created_at)
                    .bind(game.first_token_hash.as_ref().map(|hash| hash.as_slice()))
                    .bind(game.second_token_hash.as_ref().map(|hash| hash.as_slice()))
                    .bind(game.deadline_at)
                    .bind(game.computer.map(|computer| computer.seat.name()))
                    .bind(game.computer.map(|computer| i64::from(computer.level)))
                    .execute(&mut *connection)
                    .await?
                    .rows_affected();
                if inserted == 0 {
                    return Err(StoreError::DuplicateId);
                }
                Ok(())
            }

            async fn claim_seat(
                connection: &mut $connection,
                id: &str,
                seat: Player,
                token_hash: &TokenHash,
            ) -> Result<bool, StoreError> {
                let statement = match seat {
                    Player::First => sql::CLAIM_FIRST_SEAT,
                    Player::Second => sql::CLAIM_SECOND_SEAT,
                };
                let claimed = sqlx::query(statement)
                    .bind(token_hash.as_slice())
                    .bind(id)
                    .execute(&mut *connection)
                    .await?
                    .rows_affected();
                if claimed == 0 && game_state(connection, id).await?.is_none() {
                    return Err(StoreError::NotFound);
                }
                Ok(claimed == 1)
            }

            async fn append(
                connection: &mut $connection,
                id: &str,
                expected_ply: i64,
                actions: &[ActionRecord],
                deadline_at: Option<i64>,
            ) -> Result<i64, StoreError> {
                if !$append_guarded(connection, id, expected_ply, actions, deadline_at).await? {
                    return Err(append_refusal(connection, id, expected_ply).await?);
                }
                // A Vec holds at most isize::MAX elements, so the length fits an i64.
                Ok(expected_ply + actions.len() as i64)
            }

            async fn append_batch(
                connection: &mut $connection,
                appends: &[AppendArgs<'_>],
            ) -> Result<Vec<Result<i64, StoreError>>, StoreError> {
                $append_batch(connection, appends).await
            }

            async fn finish(
                connection: &mut $connection,
                id: &str,
                expected_ply: i64,
                result_json: &str,
                finished_at: i64,
            ) -> Result<(), StoreError> {
                let finished = sqlx::query(sql::FINISH_GAME)
                    .bind(finished_at)
                    .bind(result_json)
                    .bind(id)
                    .bind(expected_ply)
                    .execute(&mut *connection)
                    .await?
                    .rows_affected();
                if finished == 0 {
                    let state = game_state(connection, id).await?;
                    return Err(sql::refusal(state, expected_ply));
                }
                Ok(())
            }

            async fn set_rematch(
                connection: &mut $connection,
                id: &str,
                rematch_id: &str,
            ) -> Result<bool, StoreError> {
                let set = sqlx::query(sql::SET_REMATCH)
                    .bind(rematch_id)
                    .bind(id)
                    .execute(&mut *connection)
                    .await?
                    .rows_affected();
                if set == 0 && game_state(connection, id).await?.is_none() {
                    return Err(StoreError::NotFound);
                }
                Ok(set == 1)
            }

            async fn delete_expired(
                connection: &mut $connection,
                unjoined_before: i64,
                aborted_before: i64,
                limit: i64,
            ) -> Result<Vec<String>, StoreError> {
                let rows: Vec<(String,)> = sqlx::query_as(sql::EXPIRED_GAMES)
                    .bind(unjoined_before)
                    .bind(aborted_before)
                    .bind(limit)
                    .fetch_all(&mut *connection)
                    .await?;
                let ids: Vec<String> = rows.into_iter().map(|(id,)| id).collect();
                for id in &ids {
                    sqlx::query($crate::store::bot_sql::DELETE_BOT_GAMES)
                        .bind(id)
                        .execute(&mut *connection)
                        .await?;
                    sqlx::query(sql::DELETE_COMPUTER_TURN)
                        .bind(id)
                        .execute(&mut *connection)
                        .await?;
                    sqlx::query(sql::DELETE_ACTIONS)
                        .bind(id)
                        .execute(&mut *connection)
                        .await?;
                    sqlx::query(sql::DELETE_GAME)
                        .bind(id)
                        .execute(&mut *connection)
                        .await?;
                }
                Ok(ids)
            }

            async fn claim_computer_turn(
                connection: &mut $connection,
                id: &str,
                node: &str,
                lease_until: i64,
                now: i64,
            ) -> Result<Option<i64>, StoreError> {
                let claimed = sqlx::query(sql::CLAIM_COMPUTER_TURN)
                    .bind(id)
                    .bind(node)
                    .bind(lease_until)
                    .bind(now)
                    .execute(&mut *connection)
                    .await?
                    .rows_affected();
                if claimed == 1 {
                    return Ok(None);
                }
                let held: Option<(i64,)> = sqlx::query_as(sql::COMPUTER_TURN_LEASE)
                    .bind(id)
                    .fetch_optional(&mut *connection)
                    .await?;
                Ok(Some(held.map_or(now, |(until,)| until)))
            }

            async fn release_computer_turn(
                connection: &mut $connection,
                id: &str,
                node: &str,
            ) -> Result<(), StoreError> {
                sqlx::query(sql::RELEASE_COMPUTER_TURN)
                    .bind(id)
                    .bind(node)
                    .execute(&mut *connection)
                    .await?;
                Ok(())
            }

            async fn create_tournament(
                connection: &mut $connection,
                tournament: &$crate::store::NewTournament,
            ) -> Result<(), StoreError> {
                insert_tournament(connection, tournament).await
            }

            async fn append_tournament(
                connection: &mut $connection,
                append: &$crate::store::TournamentAppend,
            ) -> Result<i64, StoreError> {
                append_to_tournament(connection, append).await
            }

            async fn create_bot(
                connection: &mut $connection,
                bot: &$crate::store::NewBot,
            ) -> Result<(), StoreError> {
                insert_bot(connection, bot).await
            }

            async fn revoke_bot(
                connection: &mut $connection,
                id: &str,
                at: i64,
            ) -> Result<bool, StoreError> {
                revoke_bot_key(connection, id, at).await
            }

            async fn create_challenge(
                connection: &mut $connection,
                challenge: &$crate::store::NewChallenge,
            ) -> Result<(), StoreError> {
                insert_challenge(connection, challenge).await
            }

            async fn answer_challenge(
                connection: &mut $connection,
                answer: &$crate::store::ChallengeAnswer,
            ) -> Result<bool, StoreError> {
                answer_open_challenge(connection, answer).await
            }

            async fn accept_challenge(
                connection: &mut $connection,
                acceptance: &$crate::store::ChallengeAcceptance,
            ) -> Result<bool, StoreError> {
                accept_open_challenge(connection, acceptance).await
            }

            async fn probe(connection: &mut $connection, at: i64) -> Result<(), StoreError> {
                sqlx::query(sql::PROBE)
                    .bind(at)
                    .execute(&mut *connection)
                    .await?;
                Ok(())
            }
        }

        /// Why the ply guard of an append at `expected_ply` to game `id` refused it.
        async fn append_refusal(
            connection: &mut $connection,
            id: &str,
            expected_ply: i64,
        ) -> Result<StoreError, sqlx::Error> {
            Ok(match game_state(connection, id).await? {
                // A finished game still takes actions (a rematch offer after the
                // result, say): only the ply decides.
                Some((actual_ply, _)) => StoreError::Conflict {
                    expected_ply,
                    actual_ply,
                },
                None => StoreError::NotFound,
            })
        }

        /// The game's ply and whether it is finished, or `None` if there is no such game.
        async fn game_state(
            connection: &mut $connection,
            id: &str,
        ) -> Result<Option<(i64, bool)>, sqlx::Error> {
            sqlx::query_as(sql::GAME_STATE)
                .bind(id)
                .fetch_optional(&mut *connection)
                .await
        }

        /// The game `id` with its whole log, or `None` if there is no such game.
        pub(super) async fn load(pool: &$pool, id: &str) -> Result<Option<GameRecord>, StoreError> {
            match game_row_and_log(pool, id, 0).await? {
                Some((game, actions)) => game.into_record(actions).map(Some),
                None => Ok(None),
            }
        }

        /// The game `id` as it is now with its log from `from_ply` on, or
        /// `None` if there is no such game.
        pub(super) async fn load_tail(
            pool: &$pool,
            id: &str,
            from_ply: i64,
        ) -> Result<Option<$crate::store::GameTail>, StoreError> {
            match game_row_and_log(pool, id, from_ply).await? {
                Some((game, actions)) => game.into_tail(from_ply, actions).map(Some),
                None => Ok(None),
            }
        }

        /// The row of game `id` and its log from `from_ply` up to the ply the
        /// row counts, or `None` if there is no such game.
        async fn game_row_and_log(
            pool: &$pool,
            id: &str,
            from_ply: i64,
        ) -> Result<Option<($crate::store::records::GameRow, Vec<ActionRecord>)>, StoreError> {
            let Some(game): Option<$crate::store::records::GameRow> =
                sqlx::query_as(sql::SELECT_GAME)
                    .bind(id)
                    .fetch_optional(pool)
                    .await?
            else {
                return Ok(None);
            };
            let actions: Vec<ActionRecord> = sqlx::query_as(sql::SELECT_ACTIONS)
                .bind(id)
                .bind(from_ply)
                .bind(game.ply)
                .fetch_all(pool)
                .await?;
            Ok(Some((game, actions)))
        }

        /// Ids of up to `limit` unfinished games whose deadline passed before
        /// `before`, soonest first.
        pub(super) async fn overdue_deadlines(
            pool: &$pool,
            before: i64,
            limit: i64,
        ) -> Result<Vec<String>, StoreError> {
            let rows: Vec<(String,)> = sqlx::query_as(sql::OVERDUE_DEADLINES)
                .bind(before)
                .bind(limit)
                .fetch_all(pool)
                .await?;
            Ok(rows.into_iter().map(|(id,)| id).collect())
        }

        /// Ids and deadlines of the unfinished games that have one, soonest first.
        pub(super) async fn unfinished_with_deadline(
            pool: &$pool,
        ) -> Result<Vec<(String, i64)>, StoreError> {
            Ok(sqlx::query_as(sql::UNFINISHED_WITH_DEADLINE)
                .fetch_all(pool)
                .await?)
        }

        /// Ids of the unfinished games against the computer that have a deadline.
        pub(super) async fn unfinished_computer_games_with_deadline(
            pool: &$pool,
        ) -> Result<Vec<String>, StoreError> {
            let rows: Vec<(String,)> = sqlx::query_as(sql::UNFINISHED_COMPUTER_GAMES_WITH_DEADLINE)
                .fetch_all(pool)
                .await?;
            Ok(rows.into_iter().map(|(id,)| id).collect())
        }

        /// Up to `limit` game ids after `after`, in id order.
        pub(super) async fn game_ids_after(
            pool: &$pool,
            after: &str,
            limit: i64,
        ) -> Result<Vec<String>, StoreError> {
            let rows: Vec<(String,)> = sqlx::query_as(sql::GAME_IDS_AFTER)
                .bind(after)
                .bind(limit)
                .fetch_all(pool)
                .await?;
            Ok(rows.into_iter().map(|(id,)| id).collect())
        }

        /// The number of stored games.
        pub(super) async fn count_games(pool: &$pool) -> Result<i64, StoreError> {
            let (count,): (i64,) = sqlx::query_as(sql::COUNT_GAMES).fetch_one(pool).await?;
            Ok(count)
        }
    };
}

pub(super) use backend_statements;
