#include "protocol/egdb_slot.hpp"

#include <chrono>

#if defined(_WIN32)
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#elif defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

namespace tempo::protocol {

namespace {
// The calling thread runs only when nothing else wants the core (as far as the system allows).
void lower_priority() {
#if defined(_WIN32)
    SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_LOWEST);
#elif defined(__linux__)
    sched_param p{};
    pthread_setschedparam(pthread_self(), SCHED_IDLE, &p);
#endif
}
}  // namespace

const search::egdb::Database* EgdbSlot::prepare(const Position& root, int pieces, const std::string& file,
                                                const std::function<void(const std::string&)>& on_error) {
    if (thread_.joinable() && done_.load(std::memory_order_acquire)) {
        thread_.join();
        if (built_ && *built_) {
            db_ = std::move(built_->value());
        } else if (built_) {
            if (on_error) on_error(built_->error());
            failed_ = true;
        }
        built_.reset();
    }
    if (!db_ && !failed_ && !thread_.joinable() && popcount(root.occupied()) <= EgdbTrigger) {
        cancel_.store(false, std::memory_order_relaxed);
        done_.store(false, std::memory_order_relaxed);
        thread_ = std::thread([this, pieces, file] {
            if (background_) lower_priority();
            if (!file.empty()) {
                built_ = search::egdb::Database::load(file, &cancel_);
            } else if (std::optional<search::egdb::Database> db = search::egdb::Database::build(pieces, cancel_)) {
                built_ = std::move(*db);
            }
            done_.store(true, std::memory_order_release);
        });
    }
    return db_ ? &*db_ : nullptr;
}

void EgdbSlot::drop() {
    if (thread_.joinable()) {
        cancel_.store(true, std::memory_order_relaxed);
        thread_.join();
    }
    built_.reset();
    db_.reset();
    failed_ = false;
}

void EgdbSlot::abandon() {
    if (!thread_.joinable()) return;
    cancel_.store(true, std::memory_order_relaxed);
    // At most two seconds: at process exit Windows has already ended the thread without a word.
    for (int ms = 0; ms < 2000 && !done_.load(std::memory_order_acquire); ++ms)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    // What is left of the thread is its return: give it a moment to leave this library's code.
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    thread_.detach();
}

}  // namespace tempo::protocol
