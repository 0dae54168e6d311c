#include "book/book.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <tuple>

namespace tempo::book {

namespace {

auto order(const Position& p) {
    return std::make_tuple(p.key(), p.pieces(Color::Black), p.pieces(Color::White), p.kings(),
                           p.side_to_move());
}

bool before(const Entry& e, const Position& p) { return order(e.position) < order(p); }

}  // namespace

std::size_t Book::move_count() const {
    std::size_t n = 0;
    for (const Entry& e : entries_) n += e.moves.size();
    return n;
}

void Book::insert(Entry e) {
    const auto at = std::lower_bound(entries_.begin(), entries_.end(), e.position, before);
    if (at != entries_.end() && at->position == e.position)
        *at = std::move(e);
    else
        entries_.insert(at, std::move(e));
}

const Entry* Book::find(const Position& p) const {
    const auto at = std::lower_bound(entries_.begin(), entries_.end(), p, before);
    return at != entries_.end() && at->position == p ? &*at : nullptr;
}

std::vector<BookMove> Book::probe(const Position& p) const {
    std::vector<BookMove> out;
    const Entry* e = find(p);
    if (!e) return out;
    MoveList legal;
    generate_moves(p, legal);
    for (const BookMove& bm : e->moves) {
        const auto it = std::find(legal.begin(), legal.end(), bm.move);
        // Only moves the generator makes, each once, and as the generator made it (its routes).
        if (it == legal.end() ||
            std::any_of(out.begin(), out.end(), [&](const BookMove& o) { return o.move == bm.move; }))
            continue;
        out.push_back({*it, bm.score, bm.weight});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const BookMove& a, const BookMove& b) { return a.score > b.score; });
    return out;
}

std::optional<BookMove> Book::choose(const Position& p, int variety, std::mt19937_64& rng) const {
    std::vector<BookMove> moves = probe(p);
    std::erase_if(moves, [](const BookMove& m) { return m.weight == 0; });
    if (moves.empty()) return std::nullopt;
    if (variety <= 0) return moves.front();
    const int floor = moves.front().score - variety;
    std::erase_if(moves, [&](const BookMove& m) { return m.score < floor; });
    std::vector<double> weights;
    for (const BookMove& m : moves) weights.push_back(double(m.weight));
    std::discrete_distribution<std::size_t> draw(weights.begin(), weights.end());
    return moves[draw(rng)];
}

bool is_text_path(std::string_view path) { return path.ends_with(".txt"); }

// An installed `tempo` (bin/tempo) finds the book that `cmake --install` put beside it in
// share/tempo/; a build run from its tree uses the source tree's file.
std::string default_path() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const std::filesystem::path installed = exe.parent_path().parent_path() / "share" / "tempo" / "tempo.book";
        if (std::filesystem::is_regular_file(installed, ec)) return installed.string();
    }
    return TEMPO_DEFAULT_BOOK;
}

Result<Book> load(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return Error{"cannot open book '" + path + "': " + std::strerror(errno)};
    std::vector<std::uint8_t> bytes;
    std::uint8_t buffer[1 << 16];
    bool failed = false;
    constexpr std::size_t Limit = std::size_t(1) << 30;  // a book of more than 1 GiB is not one
    while (true) {
        const std::size_t n = std::fread(buffer, 1, sizeof buffer, f);
        bytes.insert(bytes.end(), buffer, buffer + n);
        if (bytes.size() > Limit) {
            std::fclose(f);
            return Error{"book '" + path + "' is larger than 1 GiB: not a Tempo book"};
        }
        if (n < sizeof buffer) {
            failed = std::ferror(f) != 0;
            break;
        }
    }
    std::fclose(f);
    if (failed) return Error{"cannot read book '" + path + "'"};
    Result<Book> b = is_text_path(path)
                         ? from_text(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()))
                         : from_binary(bytes);
    if (!b) return Error{"book '" + path + "': " + b.error()};
    return b;
}

Result<bool> save(const Book& b, const std::string& path) {
    const std::string tmp = path + ".tmp";
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f) return Error{"cannot write '" + tmp + "': " + std::strerror(errno)};
    bool ok = true;
    if (is_text_path(path)) {
        const std::string text = to_text(b);
        ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    } else {
        const std::vector<std::uint8_t> bytes = to_binary(b);
        ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
    }
    ok = std::fclose(f) == 0 && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        return Error{"cannot write book '" + path + "'"};
    }
    return true;
}

}  // namespace tempo::book
