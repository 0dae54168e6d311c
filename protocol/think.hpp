// Thinking: one `go`, from the limits to the chosen move, as the session and the self-play tool
// both need it. It adds to the searcher the three things the protocol promises on top of it:
//
// - MultiPV K: line 1 is the normal search; lines 2..K search the root moves not yet reported, to
//   the depth line 1 reached, within the time left (the searcher itself has one line only).
// - Skill Level < 20: every root move is searched shallowly, then a move is drawn at random among
//   those within a level-dependent margin of the best, better ones more likely (see skill_plan).
// - A stop that can never be lost: between the searches of one `go`, `abort` is checked, and the
//   caller keeps calling Engine::stop() until `think` returns (see Session::stop_search).
//
// Runs in the calling thread (the session's worker); every report goes to `on_info`. Written once
// for every board: `P` is tempo::Position (English), intl::Position (10x10) or brazil::Position.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "engine/international.hpp"
#include "engine/position.hpp"
#include "search/search.hpp"

namespace tempo::protocol {

template <class P>
struct BasicThinkRequest {
    P root;
    std::vector<Key> history;  // earlier positions of the game, oldest first
    search::Limits limits;
    int multipv = 1;
    int skill = 20;
};
using ThinkRequest = BasicThinkRequest<Position>;

struct Thought {
    search::SearchResult result;  // best empty only when the root has no legal move
};

// A weak level's search depth (plies in all) and the margin within which it may pick any move.
struct SkillPlan {
    int depth = 0;
    search::Score margin = 0;
};
SkillPlan skill_plan(int level);

// Among scores (one per root move), the index a player of `level` picks; `rng` draws.
std::size_t skill_pick(const std::vector<search::Score>& scores, int level, std::mt19937_64& rng);

using LineCallback = std::function<void(const search::Info&, int multipv)>;

// Searches as `req` says. `abort` ends it early (the caller also calls Engine::stop()); while
// `pondering` is true a `ponder` search does not answer; `infinite` ones wait for `abort`.
template <class P>
search::SearchResult think(search::Engine& engine, const BasicThinkRequest<P>& req, const LineCallback& on_info,
                           const std::atomic<bool>& abort, const std::atomic<bool>& pondering,
                           std::mt19937_64& rng);

}  // namespace tempo::protocol
