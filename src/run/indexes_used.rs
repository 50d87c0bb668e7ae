//! The games a search may skip, from the indexes beside its plain input files
//! (`docs/index.md`, "When a search uses it"): asked alike by the command line and by the
//! library's searches (`api`), unless they are told to search every game (`--no-index`).

use std::sync::Arc;

use shakmaty::Bitboard;

use super::RunConfig;
use super::select::GameSelect;
use crate::index::use_index::IndexedSkips;
use crate::input::Input;
use crate::ir::{GameResult, Node, TagName};

impl RunConfig {
    /// Sets [`RunConfig::index`] to the indexes beside the run's plain input files
    /// (`indexes_used`), telling stderr why one is not used (stale, damaged, another
    /// version...): what the command line does unless `--no-index`, and the library's
    /// searches unless told `no_index`.
    pub fn use_indexes(&mut self) {
        let (skips, notes) = indexes_used(self);
        for note in &notes {
            eprintln!("{note}");
        }
        self.index = skips;
    }
}

/// The games the search of `config` may skip, from the indexes beside its plain input files
/// (none when the run reads games otherwise than the index describes them: `--variant`,
/// `--rules`, a query only fairy boards run, `--input-offset`, a `matchcount` range that
/// admits unmatched games); with `--byte-range`, the shard's games
/// (`IndexedSkips::open_shard`); and why an index beside an input was not used, a message
/// each.
fn indexes_used(config: &RunConfig) -> (Option<Arc<IndexedSkips>>, Vec<String>) {
    let plain_run = config.default_variant.is_none()
        && config.default_fairy.is_none()
        && config.rules_chess.is_none()
        && config.standard_refusal.is_none()
        && config.shard.input_offset == 0
        && !config.games.counts_as_match(0);
    if !plain_run {
        return (None, Vec::new());
    }
    let files = config.inputs.iter().filter_map(|input| match input {
        Input::File(path) => Some((path.as_path(), input.name())),
        _ => None,
    });
    // The game filters' conditions join the query's (`game_filter_nodes`): a game they
    // refuse is searched no more than one the query cannot match.
    let select = game_filter_nodes(&config.games);
    let with_select;
    let filter = if select.is_empty() {
        &config.filter
    } else {
        with_select = Node::And(
            std::iter::once(config.filter.clone())
                .chain(select)
                .collect(),
        );
        &with_select
    };
    let replays = super::replays_packed_moves(config);
    let limit = config.limits.max_game_bytes;
    let range = config.shard.byte_range;
    let opened = IndexedSkips::open_shard(filter, files, (limit, replays), range);
    (opened.skips.map(Arc::new), opened.notes)
}

/// What the run's game filters (`cql(player X)`, `--event X`, ...: `run::select`) need of a
/// game, as query nodes whose conditions (`index::prune::need_of`) they imply; the search may skip a
/// game that fails them as it skips one the query cannot match. `GameSelect::admits_tags`
/// reads an absent tag as "", so a filter text that "" contains (the empty text) admits a
/// game without the tag and is left out; any other text needs the tag present and
/// containing it, which is `TagContains`. `result R` needs the Result tag to be R, so its
/// trimmed value is R (`Node::Result`, a weaker condition). `white`/`black` regular
/// expressions and `year` give no condition.
fn game_filter_nodes(select: &GameSelect) -> Vec<Node<Bitboard>> {
    let mut nodes = Vec::new();
    let mut contains = |names: Vec<TagName>, text: &Option<String>| {
        if let Some(text) = text.as_ref().filter(|t| !t.is_empty()) {
            nodes.push(Node::TagContains(names, text.clone()));
        }
    };
    contains(vec![TagName::White, TagName::Black], &select.player);
    contains(vec![TagName::Event], &select.event);
    contains(vec![TagName::Site], &select.site);
    let result = match select.result.as_deref() {
        Some("1-0") => Some(GameResult::WhiteWins),
        Some("0-1") => Some(GameResult::BlackWins),
        Some("1/2-1/2") => Some(GameResult::Draw),
        _ => None,
    };
    nodes.extend(result.map(Node::Result));
    nodes
}
