// `tempo egdb`: build the endgame database in memory and report on it, or probe a position
// (search/egdb.hpp). Options are checked before any work starts: a bad option or FEN ends the
// program with exit code 2 and one line on stderr.
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "engine/notation.hpp"
#include "search/egdb.hpp"
#include "tools/cli.hpp"

namespace tempo::cli {
namespace {

constexpr std::string_view Command = "egdb";

void print_egdb_help() {
    std::printf(
        "Usage: tempo egdb build [--pieces N] [--output FILE]\n"
        "       tempo egdb probe FEN [--pieces N | --file FILE]\n"
        "\n"
        "The endgame database of English draughts: the exact value (draw, or win or loss in n\n"
        "plies with best play) of every position with at most N pieces, %d..%d (default %d),\n"
        "built in memory by retrograde analysis. The 80-ply rule and repetitions are ignored.\n"
        "\n"
        "build: builds it and prints, per number of pieces, the positions (both sides to move),\n"
        "  the wins, losses and draws for the side to move and the longest win, then the memory\n"
        "  and the time. --output FILE also writes it to FILE (a header and one byte a position).\n"
        "probe: the value of FEN (PDN FEN, such as W:WK15,20:BK28,12), as who wins ('White wins\n"
        "  in 81 plies' or 'draw') and for the side to move. Builds up to the FEN's number of\n"
        "  pieces (or N, which must be at least that), or reads FILE written by build --output.\n",
        search::egdb::MinPieces, search::egdb::MaxPieces, search::egdb::DefaultPieces);
}

// Reads `--pieces N` (at most once) and, for probe, one FEN word; anything else is refused.
struct Request {
    std::optional<int> pieces;
    std::optional<std::string> fen;
    std::optional<std::string> file;  // build: --output; probe: --file
};

Result<Request> read_request(Args args, bool wants_fen) {
    Request r;
    const std::string_view file_option = wants_fen ? "--file" : "--output";
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == file_option || a.starts_with(std::string(file_option) + "=")) {
            if (r.file) return Error{std::string(file_option) + " given twice"};
            if (a == file_option) {
                if (i + 1 >= args.size()) return Error{std::string(file_option) + " needs a value"};
                r.file = std::string(args[++i]);
            } else {
                r.file = std::string(a.substr(file_option.size() + 1));
            }
            if (r.file->empty()) return Error{std::string(file_option) + " needs a value"};
        } else if (a == "--pieces" || a.starts_with("--pieces=")) {
            if (r.pieces) return Error{"--pieces given twice"};
            std::string_view text;
            if (a == "--pieces") {
                if (i + 1 >= args.size()) return Error{"--pieces needs a value"};
                text = args[++i];
            } else {
                text = a.substr(9);
            }
            const Result<std::int64_t> n =
                parse_number("--pieces", text, search::egdb::MinPieces, search::egdb::MaxPieces);
            if (!n) return Error{n.error()};
            r.pieces = int(*n);
        } else if (a.starts_with("--")) {
            return Error{"unknown option '" + std::string(a) + "'"};
        } else if (wants_fen && !r.fen) {
            r.fen = std::string(a);
        } else {
            return Error{"unexpected argument '" + std::string(a) + "'"};
        }
    }
    if (wants_fen && !r.fen) return Error{"probe needs a FEN"};
    if (wants_fen && r.file && r.pieces) return Error{"give --pieces or --file, not both"};
    return r;
}

std::string thousands(std::uint64_t n) {
    std::string s = std::to_string(n);
    for (int i = int(s.size()) - 3; i > 0; i -= 3) s.insert(std::size_t(i), ",");
    return s;
}

int build_command(const Request& r) {
    // A file that cannot be written is found out before the build, not after.
    if (r.file) {
        std::FILE* f = std::fopen(r.file->c_str(), "ab");
        if (!f) return usage_error(Command, "cannot write '" + *r.file + "'");
        std::fclose(f);
    }
    const int pieces = r.pieces.value_or(search::egdb::DefaultPieces);
    const search::egdb::Database db = search::egdb::Database::build(pieces);
    const search::egdb::Stats& s = db.stats();
    std::printf("%-6s %14s %14s %14s %14s %8s\n", "pieces", "positions", "wins", "losses", "draws",
                "longest");
    std::uint64_t total = 0;
    for (int n = 1; n <= pieces; ++n) {
        const auto u = std::size_t(n);
        total += s.positions[u];
        std::printf("%-6d %14s %14s %14s %14s %8d\n", n, thousands(s.positions[u]).c_str(),
                    thousands(s.wins[u]).c_str(), thousands(s.losses[u]).c_str(),
                    thousands(s.draws[u]).c_str(), s.longest[u]);
    }
    std::printf("Positions: %s (both sides to move)\n", thousands(total).c_str());
    std::printf("Memory: %.1f MB (one byte per index)\n", double(s.bytes) / 1e6);
    std::printf("Time: %.3f s\n", s.seconds);
    if (r.file) {
        const Result<std::uint64_t> written = db.save(*r.file);
        if (!written) {
            std::fprintf(stderr, "tempo egdb: %s\n", written.error().c_str());
            return ExitFailure;
        }
        std::printf("Written: %s (%s bytes)\n", r.file->c_str(), thousands(*written).c_str());
    }
    return ExitOk;
}

int probe_command(const Request& r) {
    const Result<Position> p = parse_fen(*r.fen);
    if (!p) return usage_error(Command, p.error());  // the parser's message names the FEN's fault
    const int on_board = popcount(p->occupied());
    if (on_board > search::egdb::MaxPieces)
        return usage_error(Command, "the FEN has " + std::to_string(on_board) +
                                        " pieces; the database holds at most " +
                                        std::to_string(search::egdb::MaxPieces));
    if (r.pieces && *r.pieces < on_board)
        return usage_error(Command, "the FEN has " + std::to_string(on_board) + " pieces, more than --pieces " +
                                        std::to_string(*r.pieces));
    std::optional<search::egdb::Database> db;
    if (r.file) {
        Result<search::egdb::Database> loaded = search::egdb::Database::load(*r.file);
        if (!loaded) return usage_error(Command, loaded.error());
        db = std::move(loaded.value());
        if (!db->covers(*p))
            return usage_error(Command, "the FEN has " + std::to_string(on_board) + " pieces; '" + *r.file +
                                            "' holds at most " + std::to_string(db->pieces()));
    } else {
        db = search::egdb::Database::build(r.pieces.value_or(std::max(on_board, search::egdb::MinPieces)));
    }
    const search::egdb::Value v = *db->probe(*p);
    const Color us = p->side_to_move();
    if (v.outcome == search::egdb::Outcome::Draw) {
        std::printf("draw\n");
    } else {
        const Color winner = v.outcome == search::egdb::Outcome::Win ? us : ~us;
        std::printf("%s wins in %d %s\n", winner == Color::White ? "White" : "Black", v.plies,
                    v.plies == 1 ? "ply" : "plies");
    }
    std::printf("%s to move: %s\n", us == Color::White ? "White" : "Black",
                search::egdb::describe(v).c_str());
    return ExitOk;
}

}  // namespace

int egdb_main(Args args) {
    if (wants_help(args)) {
        print_egdb_help();
        return ExitOk;
    }
    if (args.empty()) return usage_error(Command, "expected 'build' or 'probe'");
    const std::string_view sub = args.front();
    if (sub != "build" && sub != "probe")
        return usage_error(Command, "unknown subcommand '" + std::string(sub) + "' (build or probe)");
    const Result<Request> r = read_request(args.subspan(1), sub == "probe");
    if (!r) return usage_error(Command, r.error());
    return sub == "build" ? build_command(*r) : probe_command(*r);
}

}  // namespace tempo::cli
