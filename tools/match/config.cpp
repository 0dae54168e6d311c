// The match command line and the openings file (see match.hpp).
#include <charconv>
#include <cmath>
#include <sstream>

#include "engine/game.hpp"
#include "engine/notation_international.hpp"
#include "engine/variant.hpp"
#include "tools/match/match.hpp"
#include "tools/match/process.hpp"
#include "tools/pdn/pdn.hpp"

namespace tempo::match {

namespace {

Result<double> number(std::string_view key, std::string_view text, double lo, double hi) {
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(v))
        return Error{std::string(key) + "='" + std::string(text) + "' is not a number"};
    if (v < lo || v > hi)
        return Error{std::string(key) + "='" + std::string(text) + "' is out of range"};
    return v;
}

Result<std::int64_t> integer(std::string_view key, std::string_view text, std::int64_t lo, std::int64_t hi) {
    std::int64_t v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec == std::errc::invalid_argument || ptr != text.data() + text.size())
        return Error{std::string(key) + "='" + std::string(text) + "' is not a whole number"};
    if (ec == std::errc::result_out_of_range || v < lo || v > hi)
        return Error{std::string(key) + "='" + std::string(text) + "' is out of range " +
                     std::to_string(lo) + ".." + std::to_string(hi)};
    return v;
}

// One `key=value` engine setting applied to `e`; `seen` records which keys the engine set itself.
Result<bool> apply_setting(EngineConfig& e, std::string_view word) {
    const std::size_t eq = word.find('=');
    if (eq == std::string_view::npos || eq == 0) return Error{"expected key=value, got '" + std::string(word) + "'"};
    const std::string_view key = word.substr(0, eq), value = word.substr(eq + 1);
    if (key == "cmd") e.cmd = value;
    else if (key == "proto") {
        if (value != "uci" && value != "hub" && value != "dxp")
            return Error{"proto='" + std::string(value) + "' is not one of: uci, hub, dxp"};
        e.proto = value;
    } else if (key == "connect") {
        const std::size_t colon = value.rfind(':');
        if (colon == std::string_view::npos || colon == 0)
            return Error{"connect='" + std::string(value) + "' is not HOST:PORT"};
        auto port = integer("connect port", value.substr(colon + 1), 1, 65535);
        if (!port) return Error{port.error()};
        e.host = value.substr(0, colon);
        e.port = int(*port);
        e.connect_given = true;
    }
    else if (key == "name") e.name = value;
    else if (key == "arg") e.args.emplace_back(value);
    else if (key.starts_with("option.") && key.size() > 7) {
        const std::string name(key.substr(7));
        bool replaced = false;
        for (auto& [k, v] : e.options)
            if (k == name) v = value, replaced = true;
        if (!replaced) e.options.emplace_back(name, std::string(value));
    } else if (key == "tc") {
        const std::size_t plus = value.find('+');
        auto base = number("tc", value.substr(0, plus), 0.001, 1e6);
        if (!base) return Error{base.error() + " (expected tc=SECONDS or tc=SECONDS+INCREMENT)"};
        double inc = 0;
        if (plus != std::string_view::npos) {
            auto i = number("tc", value.substr(plus + 1), 0, 1e6);
            if (!i) return Error{i.error() + " (expected tc=SECONDS+INCREMENT)"};
            inc = *i;
        }
        e.tc = std::pair{*base, inc};
    } else if (key == "st") {
        auto v = number("st", value, 0.001, 1e6);
        if (!v) return Error{v.error()};
        e.st = *v;
    } else if (key == "depth") {
        auto v = integer("depth", value, 1, 100);
        if (!v) return Error{v.error()};
        e.depth = int(*v);
    } else if (key == "nodes") {
        auto v = integer("nodes", value, 1, std::int64_t(1) << 50);
        if (!v) return Error{v.error()};
        e.nodes = std::uint64_t(*v);
    } else if (key == "timemargin") {
        auto v = integer("timemargin", value, 0, 600000);
        if (!v) return Error{v.error()};
        e.margin_ms = int(*v);
    } else if (key == "timeout") {
        auto v = number("timeout", value, 0.1, 1e6);
        if (!v) return Error{v.error()};
        e.timeout_s = *v;
    } else {
        return Error{"unknown engine setting '" + std::string(key) + "'"};
    }
    return true;
}

}  // namespace

Result<Settings> parse_arguments(std::span<const std::string_view> args) {
    Settings s;
    std::vector<std::vector<std::string_view>> engine_words;
    std::vector<std::string_view> each_words;
    std::size_t i = 0;
    // The words after an option up to the next option.
    auto values = [&]() {
        std::vector<std::string_view> v;
        while (i < args.size() && !args[i].starts_with("-")) v.push_back(args[i++]);
        return v;
    };
    auto one_int = [&](std::string_view opt, std::int64_t lo, std::int64_t hi) -> Result<std::int64_t> {
        const auto v = values();
        if (v.size() != 1) return Error{std::string(opt) + " needs one value"};
        return integer(opt, v[0], lo, hi);
    };
    while (i < args.size()) {
        const std::string_view opt = args[i++];
        if (opt == "-engine") engine_words.push_back(values());
        else if (opt == "-each") {
            const auto v = values();
            each_words.insert(each_words.end(), v.begin(), v.end());
        } else if (opt == "-games" || opt == "-rounds" || opt == "-concurrency") {
            auto n = one_int(opt, 1, opt == "-concurrency" ? 64 : 1000000);
            if (!n) return Error{n.error()};
            (opt == "-games" ? s.games : opt == "-rounds" ? s.rounds : s.concurrency) = int(*n);
        } else if (opt == "-openings") {
            for (std::string_view w : values()) {
                if (w.starts_with("file=")) s.openings_file = w.substr(5);
                else if (w == "order=random") s.random_order = true;
                else if (w == "order=sequential") s.random_order = false;
                else if (w.starts_with("seed=")) {
                    auto n = integer("seed", w.substr(5), 0, std::int64_t(1) << 62);
                    if (!n) return Error{"-openings: " + n.error()};
                    s.seed = std::uint64_t(*n);
                } else if (w.starts_with("format=")) {  // accepted for cutechess habits: the file tells
                } else {
                    return Error{"-openings: unknown setting '" + std::string(w) +
                                 "' (file=FILE order=random|sequential seed=N)"};
                }
            }
            if (s.openings_file.empty()) return Error{"-openings needs file=FILE"};
        } else if (opt == "-pdnout") {
            const auto v = values();
            if (v.size() != 1) return Error{"-pdnout needs one file name"};
            s.pdnout = v[0];
        } else if (opt == "-resume") {
            if (!values().empty()) return Error{"-resume takes no value (the games are read from -pdnout FILE)"};
            s.resume = true;
        } else if (opt == "-variant" || opt == "--variant") {
            const auto v = values();
            if (v.size() != 1) return Error{"-variant needs one value, one of: " + variant_choices()};
            const Result<Variant> variant = parse_variant(v[0], opt);
            if (!variant) return Error{variant.error()};
            s.variant = pdn::GameType(pdn_game_type(*variant));
        } else if (opt == "-event") {
            const auto v = values();
            if (v.size() != 1) return Error{"-event needs one word"};
            s.event = v[0];
        } else if (opt == "-sprt") {
            SprtSettings sp;
            for (std::string_view w : values()) {
                const std::size_t eq = w.find('=');
                const std::string_view k = w.substr(0, eq);
                if (eq == std::string_view::npos || (k != "elo0" && k != "elo1" && k != "alpha" && k != "beta"))
                    return Error{"-sprt: expected elo0= elo1= alpha= beta=, got '" + std::string(w) + "'"};
                const bool prob = k == "alpha" || k == "beta";
                auto v = number(k, w.substr(eq + 1), prob ? 1e-6 : -1000, prob ? 0.5 : 1000);
                if (!v) return Error{"-sprt: " + v.error()};
                (k == "elo0" ? sp.elo0 : k == "elo1" ? sp.elo1 : k == "alpha" ? sp.alpha : sp.beta) = *v;
            }
            if (sp.elo1 <= sp.elo0) return Error{"-sprt: elo1 must be greater than elo0"};
            s.sprt = sp;
        } else {
            return Error{"unknown option '" + std::string(opt) + "'"};
        }
    }
    if (s.resume && s.pdnout.empty()) return Error{"-resume needs -pdnout FILE (the games to go on from)"};
    if (engine_words.size() < 2) return Error{"at least two engines are needed (-engine cmd=... twice)"};
    if (s.sprt && engine_words.size() != 2) return Error{"-sprt needs exactly two engines"};
    for (std::size_t k = 0; k < engine_words.size(); ++k) {
        EngineConfig e;
        for (std::string_view w : each_words)
            if (auto r = apply_setting(e, w); !r) return Error{"-each: " + r.error()};
        for (std::string_view w : engine_words[k])
            if (auto r = apply_setting(e, w); !r) return Error{"engine " + std::to_string(k + 1) + ": " + r.error()};
        const std::string which = "engine " + std::to_string(k + 1);
        if (e.proto == "dxp") {
            if (e.st || e.depth || e.nodes)
                return Error{which + ": a DXP engine takes no st=, depth= or nodes= (DXP has only the game's clock: "
                                     "give tc=SECONDS, sent as whole minutes, or set its limits on its own command line)"};
            if (e.tc && e.tc->second > 0) return Error{which + ": DXP has no increment (give tc=SECONDS)"};
            if (!e.options.empty()) return Error{which + ": a DXP engine takes no option.NAME= (DXP has no options)"};
            if (e.name.empty())
                e.name = e.cmd.empty() ? "dxp@" + e.host + ":" + std::to_string(e.port) : e.cmd.substr(e.cmd.rfind('/') + 1);
        } else {
            if (e.connect_given) return Error{which + ": connect= is for proto=dxp"};
            if (e.cmd.empty()) return Error{which + ": cmd= is missing"};
            if (e.name.empty()) e.name = e.cmd.substr(e.cmd.rfind('/') + 1);
            if (!e.tc && !e.st && e.depth == 0 && e.nodes == 0)
                return Error{"engine '" + e.name + "': no limit (give tc=, st=, depth= or nodes=)"};
        }
        s.engines.push_back(std::move(e));
    }
    for (const EngineConfig& e : s.engines) {
        if (e.proto != "dxp") continue;
        if (s.variant != pdn::GameType::International)
            return Error{"engine '" + e.name + "': DXP plays international draughts only (give -variant international)"};
        if (s.concurrency > 1) return Error{"engine '" + e.name + "': a DXP engine plays one game at a time (-concurrency 1)"};
    }
    // Names label the table and the PDN: make them distinct.
    for (std::size_t a = 0; a < s.engines.size(); ++a)
        for (std::size_t b = a + 1; b < s.engines.size(); ++b)
            if (s.engines[a].name == s.engines[b].name) s.engines[b].name += "-" + std::to_string(b + 1);
    return s;
}

namespace {

// The openings of a file read by the rules of game type G (Game, intl::Game or brazil::Game).
template <class G>
Result<std::vector<Opening>> load_openings_as(const std::string& path) {
    auto text = pdn::read_file(path);
    if (!text) return Error{text.error()};
    std::istringstream in(*text);
    std::vector<Opening> openings;
    std::string line;
    int number = 0;
    bool ballot = false, header_seen = false;
    const std::string base = path.substr(path.rfind('/') + 1);
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::string where = path + ":" + std::to_string(number) + ": ";
        if (line.empty() || line[0] == '#') continue;
        if (!header_seen) {
            header_seen = true;
            if (line.starts_with("index,opening")) {
                ballot = true;
                continue;
            }
        }
        if (ballot) {
            std::vector<std::string> cells;
            std::stringstream cs(line);
            for (std::string c; std::getline(cs, c, ',');) cells.push_back(c);
            if (cells.size() < 3) return Error{where + "expected index,opening,status"};
            if (cells[2] == "barred") continue;
            Opening o;
            o.label = base + " #" + cells[0] + ": " + cells[1];
            std::istringstream ms(cells[1]);
            G g;
            for (std::string m; ms >> m;) {
                auto played = g.play(m);
                if (!played) return Error{where + "opening " + cells[0] + ": '" + m + "': " + played.error()};
                o.moves.push_back(g.move_texts().back());
            }
            if (o.moves.empty()) return Error{where + "opening " + cells[0] + " has no moves"};
            openings.push_back(std::move(o));
        } else {
            auto g = G::from_fen(line);
            if (!g) return Error{where + g.error()};
            if (g->status().is_over()) return Error{where + "the game is already over in this position"};
            openings.push_back(Opening{base + ":" + std::to_string(number), to_fen(g->position()), {}});
        }
    }
    if (openings.empty()) return Error{"'" + path + "' holds no playable opening"};
    return openings;
}

}  // namespace

Result<std::vector<Opening>> load_openings(const std::string& path, pdn::GameType variant) {
    if (variant == pdn::GameType::International) return load_openings_as<intl::Game>(path);
    if (variant == pdn::GameType::Brazilian) return load_openings_as<brazil::Game>(path);
    return load_openings_as<Game>(path);
}

}  // namespace tempo::match
