//! The driver's loop, shared by every run over games (the search's PGN and ICN inputs,
//! `cqlq annotate`): games taken a batch at a time, each batch worked out by a [`GameWork`]
//! (in parallel, the next batch split meanwhile) and the results handed in input order to a
//! [`Delivery`]: the search's sinks, or any [`Sink`] through [`drive_into`].

use std::io;

use super::BATCH_GAMES;
use crate::output::sink::{Flow, Sink};

/// The work a run does on the games of a batch (in parallel on rayon's workers, or one after
/// the other), shared by its workers: the search's dispatch per game, ICN games, `annotate`'s
/// themes.
pub(crate) trait GameWork<G>: Sync {
    /// One game's result.
    type Done: Send;
    /// The results of `batch`'s games, in order, `before` games having been delivered.
    fn batch(&self, batch: &[G], before: u64) -> Vec<Self::Done>;
    /// The input byte where `game` ends, when the games are byte ranges of the input.
    fn end_of(&self, game: &G) -> Option<u64>;
}

/// Where a run's per-game results go, one at a time in input order: the search's sinks,
/// `annotate`'s splicer.
pub(crate) trait Delivery<D> {
    /// Whether no further game is wanted.
    fn stopped(&self) -> bool;
    /// Games in the next batch.
    fn batch_games(&self) -> usize;
    /// The games delivered so far.
    fn delivered(&self) -> u64;
    /// Takes one game's result.
    fn take(&mut self, done: D) -> io::Result<()>;
    /// A batch was delivered; its last game ends at input byte `end` (when games are ranges).
    fn batch_delivered(&mut self, end: Option<u64>);
}

/// The driver's loop: takes `games` a batch at a time, has `work` work each batch out (the
/// next batch split meanwhile when `prefetch`) and hands the results to `results` in input
/// order, until the games end or `results` stops. Returns the input byte where the last
/// batch taken ends.
pub(crate) fn drive<G: Send + Sync, W: GameWork<G>>(
    work: &W,
    results: &mut impl Delivery<W::Done>,
    mut games: impl Iterator<Item = G> + Send,
    prefetch: bool,
) -> io::Result<Option<u64>> {
    let mut end = None;
    let mut split: Option<Vec<G>> = None;
    while !results.stopped() {
        let batch: Vec<G> = match split.take() {
            Some(batch) => batch,
            None => games.by_ref().take(results.batch_games()).collect(),
        };
        if batch.is_empty() {
            break;
        }
        let before = results.delivered();
        let done = if prefetch {
            let size = results.batch_games();
            let (done, next) = rayon::join(
                || work.batch(&batch, before),
                || games.by_ref().take(size).collect::<Vec<_>>(),
            );
            split = Some(next);
            done
        } else {
            work.batch(&batch, before)
        };
        for result in done {
            if results.stopped() {
                break;
            }
            results.take(result)?;
        }
        end = batch.last().and_then(|game| work.end_of(game));
        results.batch_delivered(end);
    }
    Ok(end)
}

/// Drives `games` as [`drive`] does (the next batch split meanwhile) into `sink`, a batch of
/// [`BATCH_GAMES`] at a time until the games end or the sink stops; `before` games were
/// delivered before the first (the numbering `work` reads). After each batch the sink is
/// told the input byte reached ([`Sink::read_to`]). `cqlq annotate`'s driver.
pub(crate) fn drive_into<G, W, S, K>(
    work: &W,
    sink: &mut K,
    games: impl Iterator<Item = G> + Send,
    before: u64,
) -> io::Result<()>
where
    G: Send + Sync,
    W: GameWork<G>,
    K: Sink<W::Done, S>,
{
    let mut into = SinkDelivery::new(sink, before);
    drive(work, &mut into, games, true).map(|_| ())
}

/// A [`Sink`] as the driver's [`Delivery`] ([`drive_into`]).
struct SinkDelivery<'k, K, S> {
    sink: &'k mut K,
    /// The games delivered so far (with those before the first).
    delivered: u64,
    /// The sink said stop.
    stopped: bool,
    summary: std::marker::PhantomData<S>,
}

impl<'k, K, S> SinkDelivery<'k, K, S> {
    /// Delivery into `sink`, `before` games delivered before the first.
    fn new(sink: &'k mut K, before: u64) -> Self {
        SinkDelivery {
            sink,
            delivered: before,
            stopped: false,
            summary: std::marker::PhantomData,
        }
    }
}

impl<D, S, K: Sink<D, S>> Delivery<D> for SinkDelivery<'_, K, S> {
    fn stopped(&self) -> bool {
        self.stopped
    }

    fn batch_games(&self) -> usize {
        BATCH_GAMES
    }

    fn delivered(&self) -> u64 {
        self.delivered
    }

    fn take(&mut self, done: D) -> io::Result<()> {
        self.delivered += 1;
        self.stopped = self.sink.game(done)? == Flow::Stop;
        Ok(())
    }

    fn batch_delivered(&mut self, end: Option<u64>) {
        if let Some(end) = end {
            self.sink.read_to(end);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    /// Each game's result is its number, worked out in parallel.
    struct Numbers;

    impl GameWork<u64> for Numbers {
        type Done = u64;
        fn batch(&self, batch: &[u64], before: u64) -> Vec<u64> {
            (batch.par_iter().enumerate())
                .map(|(k, game)| {
                    assert_eq!(
                        *game,
                        before + k as u64,
                        "numbered from the games delivered"
                    );
                    *game
                })
                .collect()
        }
        fn end_of(&self, game: &u64) -> Option<u64> {
            Some(game + 1)
        }
    }

    /// A sink keeping what it is given, stopping after `stop_after` games.
    #[derive(Default)]
    struct Collected {
        taken: Vec<u64>,
        read_to: Vec<u64>,
        stop_after: usize,
    }

    impl Sink<u64, Vec<u64>> for Collected {
        fn game(&mut self, game: u64) -> io::Result<Flow> {
            self.taken.push(game);
            Ok(match self.taken.len() >= self.stop_after {
                true => Flow::Stop,
                false => Flow::Continue,
            })
        }
        fn finish(&mut self, mut summary: Vec<u64>) -> io::Result<Vec<u64>> {
            summary.append(&mut self.taken);
            Ok(summary)
        }
        fn read_to(&mut self, end: u64) {
            self.read_to.push(end);
        }
    }

    /// Over several batches, with and without splitting the next one meanwhile: every game
    /// delivered once in input order, a stop obeyed at once (no result taken after it), the
    /// progress told at each batch's end.
    #[test]
    fn the_driver_delivers_every_game_once_in_order() {
        let games = 2 * BATCH_GAMES as u64 + 10;
        for prefetch in [false, true] {
            for (stop_after, delivered) in [
                (usize::MAX, games),
                (BATCH_GAMES + 3, BATCH_GAMES as u64 + 3),
            ] {
                let mut kept = Collected {
                    stop_after,
                    ..Collected::default()
                };
                let mut into = SinkDelivery::new(&mut kept, 0);
                let end = drive(&Numbers, &mut into, 0..games, prefetch).unwrap();
                assert_eq!(kept.taken, (0..delivered).collect::<Vec<_>>());
                let batch = BATCH_GAMES as u64;
                let ends: Vec<u64> = (1..=delivered.div_ceil(batch))
                    .map(|k| (k * batch).min(delivered))
                    .collect();
                // A stop in the middle of a batch still ends at the batch's last game.
                let ends: Vec<u64> = match stop_after {
                    usize::MAX => ends,
                    _ => vec![batch, 2 * batch],
                };
                assert_eq!(kept.read_to, ends, "prefetch {prefetch}");
                assert_eq!(end, ends.last().copied());
            }
        }
    }

    /// Into a sink: games numbered on from those delivered before, every game once in
    /// order, the sink told the input byte at each batch's end, its stop obeyed at once.
    #[test]
    fn a_sink_takes_every_game_once_in_order_until_it_stops() {
        let (before, games) = (5, BATCH_GAMES as u64 + 7);
        for (stop_after, delivered) in [(usize::MAX, games), (9, 9)] {
            let mut sink = Collected {
                stop_after,
                ..Collected::default()
            };
            drive_into(&Numbers, &mut sink, before..before + games, before).unwrap();
            let ends = match stop_after {
                usize::MAX => vec![before + BATCH_GAMES as u64, before + games],
                _ => vec![before + BATCH_GAMES as u64],
            };
            assert_eq!(sink.read_to, ends);
            let taken = sink.finish(vec![0]).unwrap();
            let expected: Vec<u64> = std::iter::once(0)
                .chain(before..before + delivered)
                .collect();
            assert_eq!(taken, expected);
        }
    }
}
