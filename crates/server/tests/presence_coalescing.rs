//! A crowd joining one game at once (issue 12, finding 7): each join used to
//! broadcast the presence to every connection, so the work grew with the
//! square of the crowd. Presence broadcasts are coalesced: at most one per
//! quarter second per game, and the last one always tells the final count.

mod live;

use std::time::Instant;

use live::LiveServer;
use serde_json::json;

/// Spectators joining in the test (small enough for any machine, large
/// enough that one broadcast per join is far over the bound).
const CROWD: u64 = 60;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_of_spectators_costs_each_connection_a_few_presence_messages() {
    // The crowd comes from one address: over its caps on sockets and
    // connections, which this test is not about.
    let data = tempfile::tempdir().unwrap();
    let server = LiveServer::start_in(data, |options| {
        options.sockets_per_address = 2 * CROWD as usize;
        options.connections_per_address = 4 * CROWD as usize;
    })
    .await;
    let (id, first, _) = server.game_under_way(json!({"game": "freestyle"})).await;
    let mut player = server.socket(&id, Some(&first), None).await;
    player.next_of("welcome").await;
    let started = Instant::now();
    let mut crowd = Vec::new();
    for _ in 0..CROWD {
        let mut spectator = server.socket(&id, None, None).await;
        spectator.next_of("welcome").await;
        crowd.push(spectator);
    }
    // The player hears of the crowd in a few messages, the last one right.
    let mut presences = 0_u128;
    loop {
        let message = player.next().await;
        if message["type"] == "presence" {
            presences += 1;
            if message["spectators"] == CROWD {
                assert_eq!(message["first"], true, "{message}");
                break;
            }
        }
    }
    let quarters = started.elapsed().as_millis() / 250;
    assert!(
        presences <= quarters + 2,
        "{presences} presence messages in {} ms for {CROWD} joins",
        started.elapsed().as_millis()
    );
    // Leaving is coalesced the same way, and the count comes down to zero.
    drop(crowd);
    loop {
        let message = player.next_of("presence").await;
        if message["spectators"] == 0 {
            break;
        }
    }
}
