// The engine sessions of a match, one per protocol (see session.hpp).
#include "tools/match/session.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <thread>

#include "protocol/dxp.hpp"
#include "protocol/hub.hpp"

namespace tempo::match {

namespace {

using std::chrono::milliseconds;
namespace dxp = protocol::dxp;
namespace hub = protocol::hub;

constexpr milliseconds HandshakeTime{10000};  // uci .. uciok, hub .. wait, GAMEREQ .. GAMEACC
constexpr milliseconds StopGrace{1000};        // after a missed deadline, for `stop` to be answered

std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> w;
    std::istringstream in(line);
    for (std::string s; in >> s;) w.push_back(s);
    return w;
}

std::string seconds_text(double ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", std::max(0.0, ms) / 1000.0);
    return buf;
}

// The variant's name in Tempo's protocol (option Variant) and in Hub (param variant).
std::string variant_word(pdn::GameType v, bool hub) {
    return std::string(hub ? hub_variant_name(pdn::variant_of(v)) : variant_name(pdn::variant_of(v)));
}

// An engine over stdin/stdout: the process, and reading up to a line with a deadline.
class PipeSession : public EngineSession {
public:
    using EngineSession::EngineSession;

    void quit() override {
        if (!proc_.running()) return;
        proc_.send(quit_word());
        proc_.finish(Clock::now() + milliseconds(1000));
    }
    void restart_later() override { proc_.kill(); }

protected:
    virtual std::string quit_word() const { return "quit"; }

    Result<bool> start_process() {
        std::vector<std::string> argv{cfg_.path};
        argv.insert(argv.end(), cfg_.args.begin(), cfg_.args.end());
        if (!proc_.start(argv)) return Error{"cannot start '" + cfg_.cmd + "': " + proc_.error()};
        return true;
    }

    Result<bool> fail(const std::string& why) {
        proc_.kill();
        return Error{why};
    }

    // Reads up to the first line for which `is_end(line)` holds, keeping the lines before it in
    // `seen` when given; a line for which `is_error` holds is an error.
    template <class IsEnd, class IsError>
    Result<bool> wait_for(const std::string& what, IsEnd is_end, IsError is_error, milliseconds limit,
                          std::vector<std::string>* seen = nullptr) {
        const auto deadline = Clock::now() + limit;
        std::string line;
        while (true) {
            switch (proc_.read_line(deadline, line)) {
                case Process::Read::Line:
                    if (is_end(line)) return true;
                    if (is_error(line)) return Error{"engine said: " + line};
                    if (seen) seen->push_back(line);
                    break;
                case Process::Read::Timeout:
                    return Error{"no '" + what + "' within " + std::to_string(limit.count()) + " ms (silent)"};
                case Process::Read::Closed:
                    return Error{"exited before '" + what + "' (" + proc_.exit_description() + ")"};
            }
        }
    }

    // Reads until a line for which `answer(line)` gives the move; on the deadline `stop` is sent
    // once and StopGrace more given.
    template <class Answer>
    Reply wait_for_move(Clock::time_point deadline, bool timed, const std::string& what, Answer answer) {
        std::string line;
        bool stopped = false;
        while (true) {
            const Process::Read got = proc_.read_line(deadline, line);
            if (got == Process::Read::Line) {
                if (std::optional<std::string> move = answer(line)) return Reply{Reply::Kind::Move, *move, notation()};
            } else if (got == Process::Read::Closed) {
                return Reply{Reply::Kind::Crashed, "crashed (" + proc_.exit_description() + ")", notation()};
            } else if (!stopped) {
                proc_.send("stop");
                stopped = true;
                deadline = Clock::now() + StopGrace;
            } else {
                return Reply{timed ? Reply::Kind::Hung : Reply::Kind::Silent,
                             timed ? "hung: no " + what + " after its time and a stop"
                                   : "went silent: no " + what + " within timeout and a stop",
                             notation()};
            }
        }
    }
    virtual Notation notation() const = 0;

    Process proc_;
};

// Tempo's protocol (protocol/PROTOCOL.md): `uci`/`uciok`, `setoption`, `isready`/`readyok`,
// `ucinewgame`, `position`, `go`, `bestmove`. For 10x10 and Brazilian the engine must offer the
// option Variant with that value, which is set before its own options.
class UciSession : public PipeSession {
public:
    using PipeSession::PipeSession;

    Result<bool> ensure_started() override {
        if (proc_.running()) return true;
        if (auto r = start_process(); !r) return r;
        proc_.send("uci");
        std::vector<std::string> handshake;
        if (auto r = wait_until("uciok", &handshake); !r) return fail(r.error());
        if (variant_ != pdn::GameType::English) {
            const std::string name = variant_word(variant_, false);
            const bool offered = std::any_of(handshake.begin(), handshake.end(), [&](const std::string& l) {
                const auto w = words(l);
                return w.size() >= 4 && w[0] == "option" && w[1] == "name" && w[2] == "Variant" &&
                       std::find(w.begin(), w.end(), name) != w.end();
            });
            if (!offered)
                return fail("does not offer 'option name Variant ... var " + name + "'" +
                            (variant_ == pdn::GameType::International ? " (no 10x10 play)" : ""));
            proc_.send("setoption name Variant value " + name);
        }
        for (const auto& [name, value] : cfg_.options) proc_.send("setoption name " + name + " value " + value);
        proc_.send("isready");
        if (auto r = wait_until("readyok"); !r) return fail(r.error());
        return true;
    }

    Result<bool> new_game(const GameView&, Color) override {
        if (auto r = ensure_started(); !r) return r;
        proc_.send("ucinewgame");
        proc_.send("isready");
        if (auto r = wait_until("readyok"); !r) return fail(r.error());
        return true;
    }

    Reply think(const GameView& view, Clock::time_point deadline, bool timed) override {
        std::string pos = view.fen.empty() ? "position startpos" : "position fen " + view.fen;
        if (!view.moves.empty()) pos += " moves";
        for (const std::string& m : view.moves) pos += " " + m;
        proc_.send(pos);
        proc_.send(go_command(view.clock_ms));
        return wait_for_move(deadline, timed, "bestmove", [](const std::string& line) -> std::optional<std::string> {
            const auto w = words(line);
            if (w.empty() || w[0] != "bestmove") return std::nullopt;
            return w.size() > 1 ? w[1] : "(none)";
        });
    }

private:
    Notation notation() const override { return Notation::Pdn; }

    // An `info string error` on the way (a refused option) is an error too.
    Result<bool> wait_until(const std::string& token, std::vector<std::string>* seen = nullptr) {
        return wait_for(
            token, [&](const std::string& l) { return l == token; },
            [](const std::string& l) { return l.starts_with("info string error"); }, HandshakeTime, seen);
    }

    // The `go` line, with the runner's clocks in ms.
    std::string go_command(const std::array<double, 2>& clock_ms) const {
        const EngineConfig& c = cfg_;
        std::string go = "go";
        if (c.tc) {
            const auto inc = std::llround(c.tc->second * 1000);
            go += " wtime " + std::to_string(std::max(0LL, std::llround(clock_ms[1]))) + " btime " +
                  std::to_string(std::max(0LL, std::llround(clock_ms[0]))) + " winc " + std::to_string(inc) +
                  " binc " + std::to_string(inc);
        }
        if (c.st) go += " movetime " + std::to_string(std::llround(*c.st * 1000));
        if (c.depth > 0) go += " depth " + std::to_string(c.depth);
        if (c.nodes > 0) go += " nodes " + std::to_string(c.nodes);
        return go;
    }
};

// Hub (protocol/hub.hpp, docs/hub.md): `hub` .. `wait`, `set-param` for the variant and the
// options, `init` .. `ready`; per move `pos`, `level`, `go think` .. `done move=...`. The engine
// must declare the variant (param `variant` with `normal`, `english` or `brazilian` among its
// values); one that declares no `variant` plays 10x10 only, Hub's own game.
class HubSession : public PipeSession {
public:
    using PipeSession::PipeSession;

    Result<bool> ensure_started() override {
        if (proc_.running()) return true;
        if (auto r = start_process(); !r) return r;
        proc_.send("hub");
        std::vector<std::string> lines;
        const auto is_error = [](const std::string& l) { return l.starts_with("error"); };
        if (auto r = wait_for("wait", [](const std::string& l) { return l == "wait"; }, is_error, HandshakeTime, &lines);
            !r)
            return fail(r.error());
        const std::string want = variant_word(variant_, true);
        bool declared = false, offered = false;
        for (const std::string& l : lines) {
            const Result<hub::Line> p = hub::parse_line(l);
            if (!p || p->command != "param" || !p->find("name") || *p->find("name") != "variant") continue;
            declared = true;
            const std::string* values = p->find("values");
            const std::string* value = p->find("value");
            std::istringstream in(values ? *values : value ? *value : std::string());
            for (std::string v; in >> v;) offered = offered || v == want;
        }
        if (declared && !offered) return fail("its param variant does not offer '" + want + "'");
        if (!declared && variant_ != pdn::GameType::International)
            return fail("declares no param variant, so it plays 10x10 only, not '" + want + "'");
        if (declared) proc_.send("set-param name=variant value=" + want);
        for (const auto& [name, value] : cfg_.options)
            proc_.send("set-param name=" + hub::quote(name) + " value=" + hub::quote(value));
        proc_.send("init");
        if (auto r = wait_for("ready", [](const std::string& l) { return l == "ready"; }, is_error, HandshakeTime); !r)
            return fail(r.error());
        return true;
    }

    Result<bool> new_game(const GameView&, Color) override {
        if (auto r = ensure_started(); !r) return r;
        proc_.send("new-game");
        proc_.send("ping");
        if (auto r = wait_for("pong", [](const std::string& l) { return l == "pong"; },
                              [](const std::string& l) { return l.starts_with("error"); }, HandshakeTime);
            !r)
            return fail(r.error());
        return true;
    }

    Reply think(const GameView& view, Clock::time_point deadline, bool timed) override {
        std::string pos = "pos pos=" + view.hub_start;
        if (!view.hub_moves.empty()) {
            std::string list;
            for (const std::string& m : view.hub_moves) list += (list.empty() ? "" : " ") + m;
            pos += " moves=\"" + list + "\"";
        }
        proc_.send(pos);
        proc_.send(level_command(view));
        proc_.send("go think");
        return wait_for_move(deadline, timed, "done", [](const std::string& line) -> std::optional<std::string> {
            if (!line.starts_with("done")) return std::nullopt;
            const Result<hub::Line> l = hub::parse_line(line);
            const std::string* move = l ? l->find("move") : nullptr;
            return move && !move->empty() ? *move : std::string("(none)");
        });
    }

private:
    Notation notation() const override { return Notation::Hub; }

    // The limits as one `level` line. Hub adds the increment before the move, so `time` is the
    // runner's clock less the increment (as pydraughts sends it).
    std::string level_command(const GameView& view) const {
        const EngineConfig& c = cfg_;
        std::string level = "level";
        if (c.tc) {
            const std::size_t who = std::size_t(view.moves.size() % 2 == 0 ? index(view.start_to_move)
                                                                           : index(~view.start_to_move));
            const double inc = c.tc->second * 1000;
            level += " time=" + seconds_text(view.clock_ms[who] - inc);
            if (inc > 0) level += " inc=" + seconds_text(inc);
        }
        if (c.st) level += " move-time=" + seconds_text(*c.st * 1000);
        if (c.depth > 0) level += " depth=" + std::to_string(c.depth);
        if (c.nodes > 0) level += " nodes=" + std::to_string(c.nodes);
        return level;
    }
};

// DXP (protocol/dxp.hpp): the runner is the Initiator and connects to the engine (`connect=`),
// which it may have started itself (`cmd=`; then it retries the connection for HandshakeTime).
// One connection for all games, one GAMEREQ per game (its time: tc in whole minutes), then the
// other side's moves go to the engine as MOVEs and its MOVEs come back; the runner ends each game
// with GAMEEND (its reason seen from the other side) and waits briefly for the confirmation.
class DxpSession : public EngineSession {
public:
    using EngineSession::EngineSession;
    ~DxpSession() override { quit(); }

    Result<bool> probe() override {
        // Only an engine the runner starts is tried: a listener such as Scan's takes a single
        // connection and would end with the probe's.
        if (cfg_.cmd.empty()) return true;
        auto r = ensure_started();
        quit();
        return r;
    }

    Result<bool> ensure_started() override {
        if (conn_.open()) return true;
        if (!cfg_.cmd.empty() && !proc_.running()) {
            std::vector<std::string> argv{cfg_.path};
            argv.insert(argv.end(), cfg_.args.begin(), cfg_.args.end());
            if (!proc_.start(argv, false)) return Error{"cannot start '" + cfg_.cmd + "': " + proc_.error()};
        }
        const auto deadline = Clock::now() + HandshakeTime;
        while (true) {
            Result<dxp::Connection> c = dxp::Connection::connect(cfg_.host, cfg_.port, HandshakeTime);
            if (c) {
                conn_ = std::move(c.value());
                return true;
            }
            // An engine just started may not listen yet: try again until the handshake time.
            if (cfg_.cmd.empty() || Clock::now() >= deadline) {
                restart_later();
                return Error{c.error()};
            }
            if (!cfg_.cmd.empty() && !proc_.alive())
                return Error{"exited before listening (" + proc_.exit_description() + ")"};
            std::this_thread::sleep_for(milliseconds(50));
        }
    }

    Result<bool> new_game(const GameView& view, Color colour) override {
        if (auto r = ensure_started(); !r) return r;
        dxp::GameReq req;
        req.name = "tempo match";
        req.follower = colour;
        req.minutes = cfg_.tc ? int(std::clamp(std::lround(cfg_.tc->first / 60.0), 0L, 999L)) : 5;
        req.moves = 0;
        req.standard_start = view.standard;
        req.to_move = view.start_to_move;
        req.board = view.dxp_board;
        if (!conn_.send(dxp::encode(req))) return drop("the connection ended before the GAMEREQ");
        const auto deadline = Clock::now() + HandshakeTime;
        std::string text;
        while (true) {
            const dxp::Connection::Got got = conn_.receive(deadline, text);
            if (got == dxp::Connection::Got::Timeout) return drop("no GAMEACC within 10 s");
            if (got == dxp::Connection::Got::Closed) return drop("closed the connection before its GAMEACC");
            if (got != dxp::Connection::Got::Text) continue;
            const Result<dxp::Message> m = dxp::decode(text);
            if (!m || !std::holds_alternative<dxp::GameAcc>(*m)) continue;  // a CHAT, or noise
            const dxp::GameAcc& a = std::get<dxp::GameAcc>(*m);
            if (a.code != 0) return Error{"refused the game (GAMEACC code " + std::to_string(a.code) + ")"};
            sent_ = 0;
            in_game_ = true;
            colour_ = colour;
            return true;
        }
    }

    Reply think(const GameView& view, Clock::time_point deadline, bool timed) override {
        // The moves the engine has not seen: the other side's last one (none when it begins).
        for (; sent_ < view.dxp_moves.size(); ++sent_)
            if (!conn_.send(view.dxp_moves[sent_])) return lost("closed the connection");
        std::string text;
        while (true) {
            const dxp::Connection::Got got = conn_.receive(deadline, text);
            if (got == dxp::Connection::Got::Closed) return lost("closed the connection");
            if (got == dxp::Connection::Got::Timeout)
                return Reply{timed ? Reply::Kind::Hung : Reply::Kind::Silent,
                             timed ? "hung: no MOVE within its time" : "went silent: no MOVE within timeout",
                             Notation::Dxp};
            if (got != dxp::Connection::Got::Text) continue;
            const Result<dxp::Message> m = dxp::decode(text);
            if (!m) return Reply{Reply::Kind::Move, text, Notation::Dxp};  // read (and refused) as a move
            if (std::holds_alternative<dxp::MoveMsg>(*m)) {
                ++sent_;
                return Reply{Reply::Kind::Move, text, Notation::Dxp};
            }
            if (const auto* e = std::get_if<dxp::GameEnd>(&*m)) {
                conn_.send(dxp::encode(dxp::GameEnd{0, e->stop}));
                in_game_ = false;
                const char* why = e->reason == 1 ? "resigned (GAMEEND reason 1)"
                                  : e->reason == 2 ? "ended the game as a draw (GAMEEND reason 2) with moves left"
                                  : e->reason == 3 ? "claimed a win (GAMEEND reason 3) with moves left"
                                                   : "ended the game (GAMEEND reason 0)";
                return Reply{Reply::Kind::Ended, why, Notation::Dxp};
            }
            if (std::holds_alternative<dxp::BackReq>(*m)) conn_.send("K1");  // no take-backs in a match
        }
    }

    void game_over(const GameView& view, Outcome outcome) override {
        if (!in_game_ || !conn_.open()) return;
        in_game_ = false;
        for (; sent_ < view.dxp_moves.size(); ++sent_) conn_.send(view.dxp_moves[sent_]);
        // The reason as the other side (the runner) states it.
        const Outcome engine_wins = colour_ == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
        const int reason = outcome == Outcome::Draw ? 2 : outcome == engine_wins ? 1 : outcome == Outcome::Ongoing ? 0 : 3;
        if (!conn_.send(dxp::encode(dxp::GameEnd{reason, 0}))) return;
        const auto deadline = Clock::now() + milliseconds(2000);
        std::string text;
        while (true) {
            const dxp::Connection::Got got = conn_.receive(deadline, text);
            if (got == dxp::Connection::Got::Closed || got == dxp::Connection::Got::Timeout) return;
            if (got == dxp::Connection::Got::Text && text.starts_with("E")) return;
        }
    }

    void quit() override {
        conn_.close();
        proc_.kill();
    }
    void restart_later() override { quit(); }

private:
    Result<bool> drop(const std::string& why) {
        restart_later();
        return Error{why};
    }
    Reply lost(const std::string& why) {
        restart_later();
        in_game_ = false;
        return Reply{Reply::Kind::Crashed, why, Notation::Dxp};
    }

    dxp::Connection conn_;
    Process proc_;
    std::size_t sent_ = 0;  // moves of the game the engine has (sent by it or to it)
    bool in_game_ = false;
    Color colour_ = Color::White;
};

}  // namespace

Result<bool> EngineSession::probe() {
    auto r = ensure_started();
    if (r) quit();
    return r;
}

std::unique_ptr<EngineSession> make_session(const EngineConfig& c, pdn::GameType variant) {
    if (c.proto == "hub") return std::make_unique<HubSession>(c, variant);
    if (c.proto == "dxp") return std::make_unique<DxpSession>(c, variant);
    return std::make_unique<UciSession>(c, variant);
}

}  // namespace tempo::match
