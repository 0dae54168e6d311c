// EgdbSlot: the endgame database (search/egdb.hpp) as a front end keeps it: built or loaded on a
// background thread the first time a search from few enough pieces is due, then handed to every
// search after that. Nothing waits for it: a search that finds it unfinished goes without it.
//
// Used by the protocol session and by the CheckerBoard library (checkerboard/), which both drive
// one search::Engine. Not thread-safe: one owner calls it, between its searches.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <thread>

#include "engine/position.hpp"
#include "engine/result.hpp"
#include "search/egdb.hpp"

namespace tempo::protocol {

// A search from this many pieces or fewer can end in the database's endings soon enough for the
// build (about a second for 4 pieces) to be worth starting.
inline constexpr int EgdbTrigger = 12;

class EgdbSlot {
public:
    // `background`: the build runs at the lowest priority (Linux SCHED_IDLE, Windows
    // THREAD_PRIORITY_LOWEST), so that on a busy core it never delays a search that must stop on
    // time (the CheckerBoard library's exact time). The protocol keeps the normal priority, so
    // that matches on fully loaded cores still get their database.
    explicit EgdbSlot(bool background = false) : background_(background) {}
    ~EgdbSlot() { drop(); }
    EgdbSlot(const EgdbSlot&) = delete;
    EgdbSlot& operator=(const EgdbSlot&) = delete;

    // Before a search from `root`: collects a finished build, starts one when due (`file` empty:
    // build `pieces` pieces in memory; else load that file), and returns the finished database or
    // null. A build or load that failed is told once to `on_error` and not tried again until drop().
    const search::egdb::Database* prepare(const Position& root, int pieces, const std::string& file,
                                          const std::function<void(const std::string&)>& on_error);
    // Cancels a build under way, waits for its thread, and forgets the database.
    void drop();
    // For a library being unloaded (Windows holds its loader lock then, and a thread cannot end
    // while it is held, so joining would hang): cancels a build, waits (two seconds at most)
    // until its work is over, and lets the thread end on its own.
    void abandon();

private:
    std::thread thread_;                    // the build, while it runs (or until collected)
    std::atomic<bool> cancel_{false};       // tells the build to give up
    std::atomic<bool> done_{false};         // the build has finished: built_ is set
    std::optional<Result<search::egdb::Database>> built_;  // written by the build thread only
    std::optional<search::egdb::Database> db_;  // the finished database
    bool failed_ = false;  // the file could not be read: said once, not tried again
    bool background_ = false;
};

}  // namespace tempo::protocol
