// `tempo book`: build, show, export and import opening books (book/, book/FORMAT.md).
//
// As with the other tools, every option is checked before any work starts: a bad option or an
// unreadable input book ends the program with exit code 2 and one line on stderr.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book/book.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "tools/book_build.hpp"
#include "tools/cli.hpp"
#include "tools/match/match.hpp"

namespace tempo::cli {
namespace {

constexpr std::string_view Command = "book";

void print_book_help() {
    std::printf(
        "Usage: tempo book build --book FILE [--depth N | --movetime MS] [--positions N] [--threads T]\n"
        "                        [--ballots CSV] [--ballot-plies N] [--window CP] [--ply-cost CP]\n"
        "                        [--hash MB]\n"
        "       tempo book show FEN [--book FILE]\n"
        "       tempo book export [--book FILE] [--output FILE.txt]\n"
        "       tempo book import FILE.txt --book FILE\n"
        "\n"
        "Tempo's opening books (book/FORMAT.md). A binary book is read and written by default; a\n"
        "file name ending in .txt means the text form. FILE defaults to the shipped book:\n"
        "  %s\n"
        "\n"
        "build: grows FILE (created if missing, resumed if not) by searching. First every ballot\n"
        "  opening of the deck is covered (the positions on its way and N book plies from the\n"
        "  ballot on), then positions are added in drop-out order (the cheapest first: the sum of\n"
        "  each move's drop below the best, plus a cost per ply) until FILE holds --positions.\n"
        "  A progress line goes to stderr after every batch; FILE is saved after each.\n"
        "  --depth N         plies searched per position (each move's reply to N-1), 2..40\n"
        "                    (default 10)\n"
        "  --movetime MS     instead of --depth: ms per move searched\n"
        "  --positions N     stop when the book has N positions (default 1000)\n"
        "  --threads T       positions searched at once, 1..64 (default 1)\n"
        "  --ballots CSV     the ballot deck (default tests/data/ballots-english-3move.csv);\n"
        "                    barred openings are skipped\n"
        "  --ballot-plies N  book moves from each ballot position on, 0..20 (default 4; 0: none)\n"
        "  --window CP       moves more than CP below the best are not expanded (default 40)\n"
        "  --ply-cost CP     drop-out cost of a ply (default 10)\n"
        "  --hash MB         table per thread (default 16)\n"
        "show: the book's moves for FEN with score and weight, best first; illegal ones are shown\n"
        "  as such and never played.\n"
        "export: the text form, on stdout or to --output.\n"
        "import: reads a text book and writes it as FILE (binary unless FILE ends in .txt).\n"
        "\n"
        "Example (the shipped book, see docs/book.md):\n"
        "  tempo book build --book book/tempo.book --depth 10 --positions 2000 --ballot-plies 6 --threads 2\n",
        book::default_path().c_str());
}

struct Common {
    std::string book = book::default_path();
    bool book_given = false;
    std::optional<std::string> output;
    book_build::Settings build;
    std::string ballots = "tests/data/ballots-english-3move.csv";
    bool depth_given = false, movetime_given = false;
};

// Reads the options shared by the book commands; `allowed` lists the ones this command takes.
Result<Common> read_options(Args args, std::string_view sub, std::vector<std::string_view> allowed) {
    Common c;
    std::vector<std::string_view> seen;
    OptionReader reader(args);
    while (!reader.done()) {
        const auto option = reader.next_option();
        if (!option) return Error{option.error()};
        const std::string_view name = *option;
        if (std::find(allowed.begin(), allowed.end(), name) == allowed.end())
            return Error{"unknown option '" + std::string(name) + "' for 'book " + std::string(sub) + "'"};
        if (std::find(seen.begin(), seen.end(), name) != seen.end())
            return Error{std::string(name) + " given twice"};
        seen.push_back(name);
        const auto value = reader.value(name);
        if (!value) return Error{value.error()};
        auto number = [&](std::int64_t lo, std::int64_t hi) { return parse_number(name, *value, lo, hi); };
        if (name == "--book") {
            c.book = std::string(*value);
            c.book_given = true;
        } else if (name == "--output") {
            c.output = std::string(*value);
        } else if (name == "--ballots") {
            c.ballots = std::string(*value);
        } else {
            Result<std::int64_t> n = name == "--depth"          ? number(2, 40)
                                     : name == "--movetime"     ? number(1, 600000)
                                     : name == "--positions"    ? number(1, 10000000)
                                     : name == "--threads"      ? number(1, 64)
                                     : name == "--ballot-plies" ? number(0, 20)
                                     : name == "--window"       ? number(0, 10000)
                                     : name == "--ply-cost"     ? number(0, 10000)
                                                                : number(1, 4096);  // --hash
            if (!n) return Error{n.error()};
            const auto v = *n;
            if (name == "--depth") c.build.depth = int(v), c.depth_given = true;
            if (name == "--movetime") c.build.movetime_ms = int(v), c.movetime_given = true;
            if (name == "--positions") c.build.positions = std::size_t(v);
            if (name == "--threads") c.build.threads = int(v);
            if (name == "--ballot-plies") c.build.ballot_plies = int(v);
            if (name == "--window") c.build.window = int(v);
            if (name == "--ply-cost") c.build.ply_cost = int(v);
            if (name == "--hash") c.build.hash_mb = std::size_t(v);
        }
    }
    if (c.depth_given && c.movetime_given) return Error{"give --depth or --movetime, not both"};
    return c;
}

int fail(std::string_view message) {
    std::fprintf(stderr, "tempo book: %.*s\n", int(message.size()), message.data());
    return ExitUsage;
}

int build_command(Args args) {
    Result<Common> c = read_options(args, "build", {"--book", "--depth", "--movetime", "--positions", "--threads",
                                                    "--ballots", "--ballot-plies", "--window", "--ply-cost", "--hash"});
    if (!c) return usage_error(Command, c.error());
    if (!c->book_given) return usage_error(Command, "build needs --book FILE (the book to grow)");
    book_build::Settings s = c->build;
    s.path = c->book;
    if (s.ballot_plies > 0) {
        const Result<std::vector<match::Opening>> openings = match::load_openings(c->ballots);
        if (!openings) return fail("--ballots: " + openings.error());
        for (const match::Opening& o : *openings) {
            if (!o.fen.empty()) return fail("--ballots: '" + c->ballots + "' holds FENs, not ballots");
            Game g;
            std::vector<Move> line;
            for (const std::string& m : o.moves) {
                const Result<Move> played = g.play(m);
                if (!played) return fail("--ballots: " + o.label + ": " + played.error());
                line.push_back(*played);
            }
            s.ballots.push_back(std::move(line));
        }
    }
    // Fail before searching if the book cannot be read.
    if (std::FILE* f = std::fopen(s.path.c_str(), "rb")) {
        std::fclose(f);
        if (const Result<book::Book> b = book::load(s.path); !b) return fail(b.error());
    }
    const bool tty = isatty(fileno(stderr)) != 0;
    const Result<book_build::Progress> r = book_build::build(s, [&](const book_build::Progress& p) {
        std::fprintf(stderr, "%sbook build: %zu positions (+%zu), ballots %zu/%zu covered, %zu searches, %.1f s [%s]%s",
                     tty ? "\r" : "", p.positions, p.added, p.ballots_covered, p.ballots, p.searches, p.seconds,
                     p.phase, tty ? "" : "\n");
        std::fflush(stderr);
    });
    if (tty) std::fputc('\n', stderr);
    if (!r) {
        std::fprintf(stderr, "tempo book: %s\n", r.error().c_str());
        return ExitFailure;
    }
    std::printf("Book %s: %zu positions (%zu added), ballots %zu/%zu covered to %d plies, %zu searches, %.1f s\n",
                s.path.c_str(), r->positions, r->added, r->ballots_covered, r->ballots, s.ballot_plies, r->searches,
                r->seconds);
    return ExitOk;
}

int show_command(Args args) {
    if (args.empty() || args.front().starts_with("-")) return usage_error(Command, "show needs a FEN");
    const Result<Position> p = parse_fen(args.front());
    if (!p) return usage_error(Command, "bad FEN '" + std::string(args.front()) + "': " + p.error());
    Result<Common> c = read_options(args.subspan(1), "show", {"--book"});
    if (!c) return usage_error(Command, c.error());
    const Result<book::Book> b = book::load(c->book);
    if (!b) return fail(b.error());
    std::printf("%s key %016llx\n", to_fen(*p).c_str(), static_cast<unsigned long long>(p->key()));
    const book::Entry* e = b->find(*p);
    if (!e) {
        std::printf("not in book\n");
        return ExitOk;
    }
    const std::vector<book::BookMove> legal = b->probe(*p);
    for (const book::BookMove& m : legal)
        std::printf("%-10s score %6d weight %u\n", move_text(*p, m.move).c_str(), m.score, m.weight);
    for (const book::BookMove& m : e->moves)
        if (std::none_of(legal.begin(), legal.end(), [&](const book::BookMove& l) { return l.move == m.move; }))
            std::printf("(illegal move from square %d to %d in the book: never played)\n",
                        Geo::square_of(m.move.from) + 1, Geo::square_of(m.move.to) + 1);
    return ExitOk;
}

int export_command(Args args) {
    Result<Common> c = read_options(args, "export", {"--book", "--output"});
    if (!c) return usage_error(Command, c.error());
    const Result<book::Book> b = book::load(c->book);
    if (!b) return fail(b.error());
    if (!c->output) {
        const std::string text = book::to_text(*b);
        std::fwrite(text.data(), 1, text.size(), stdout);
        return ExitOk;
    }
    const std::string out = *c->output;
    if (!book::is_text_path(out)) return usage_error(Command, "--output of export must end in .txt");
    if (const Result<bool> r = book::save(*b, out); !r) {
        std::fprintf(stderr, "tempo book: %s\n", r.error().c_str());
        return ExitFailure;
    }
    return ExitOk;
}

int import_command(Args args) {
    if (args.empty() || args.front().starts_with("-")) return usage_error(Command, "import needs a text book FILE");
    const std::string in(args.front());
    Result<Common> c = read_options(args.subspan(1), "import", {"--book"});
    if (!c) return usage_error(Command, c.error());
    if (!c->book_given) return usage_error(Command, "import needs --book FILE (the book to write)");
    if (!book::is_text_path(in)) return usage_error(Command, "import reads the text form: FILE must end in .txt");
    const Result<book::Book> b = book::load(in);
    if (!b) return fail(b.error());
    if (const Result<bool> r = book::save(*b, c->book); !r) {
        std::fprintf(stderr, "tempo book: %s\n", r.error().c_str());
        return ExitFailure;
    }
    std::printf("Book %s: %zu positions, %zu moves\n", c->book.c_str(), b->size(), b->move_count());
    return ExitOk;
}

}  // namespace

int book_main(Args args) {
    if (wants_help(args)) {
        print_book_help();
        return ExitOk;
    }
    if (args.empty()) return usage_error(Command, "expected build, show, export or import");
    const std::string_view sub = args.front();
    const Args rest = args.subspan(1);
    if (sub == "build") return build_command(rest);
    if (sub == "show") return show_command(rest);
    if (sub == "export") return export_command(rest);
    if (sub == "import") return import_command(rest);
    return usage_error(Command, "unknown book command '" + std::string(sub) + "' (build, show, export or import)");
}

}  // namespace tempo::cli
