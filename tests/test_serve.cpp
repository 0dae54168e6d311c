// `tempo serve` over real HTTP: each test starts the real tempo program on a free loopback port
// (`--port 0`, the port read from its first line) and talks to it with cpp-httplib's client, or
// with raw bytes on a socket where a client library would tidy the request (paths with `..`).
// Every endpoint in the three variants, every error status with its message, the stored games,
// the streamed analysis, the limits (body, URL, games, engines), paths outside the page, and a
// bounded load test ([load]: 200 clients at once for 10 s, no failed request, no lost game).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <mutex>
#include <thread>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "tests/run_tempo.hpp"

using json = nlohmann::json;
using namespace std::chrono_literals;

namespace {

// A running `tempo serve --port 0 ...`, stopped with SIGTERM when the object goes.
class ServeProcess {
public:
    explicit ServeProcess(std::vector<std::string> extra = {}) {
        std::vector<std::string> args{"serve", "--port", "0"};
        args.insert(args.end(), extra.begin(), extra.end());
        int out[2];
        if (pipe(out) != 0) return;
        pid_ = testing::spawn_tempo(args, -1, out[1], -1, {out[0]});
        close(out[1]);
        from_ = out[0];
        // The first line: "tempo serve: listening on http://127.0.0.1:PORT/".
        std::string line;
        const auto deadline = std::chrono::steady_clock::now() + 20s;
        while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
            pollfd p{from_, POLLIN, 0};
            if (poll(&p, 1, 100) <= 0) continue;
            char c[256];
            const ssize_t n = read(from_, c, sizeof c);
            if (n <= 0) break;
            line.append(c, std::size_t(n));
        }
        first_line = line.substr(0, line.find('\n'));
        const std::size_t colon = first_line.rfind(':');
        if (colon != std::string::npos) port = std::atoi(first_line.c_str() + colon + 1);
    }
    ~ServeProcess() { stop(); }
    ServeProcess(const ServeProcess&) = delete;
    ServeProcess& operator=(const ServeProcess&) = delete;

    // Sends SIGTERM and waits; the exit code (-1: killed or not started).
    int stop() {
        if (pid_ <= 0) return exit_code_;
        kill(pid_, SIGTERM);
        int st = 0;
        for (int i = 0; i < 1000 && waitpid(pid_, &st, WNOHANG) == 0; ++i) usleep(10000);
        if (waitpid(pid_, &st, WNOHANG) == 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, &st, 0);
            exit_code_ = -1;
        } else {
            exit_code_ = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        }
        pid_ = -1;
        if (from_ >= 0) close(from_);
        from_ = -1;
        return exit_code_;
    }

    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port);
        c.set_read_timeout(30, 0);
        c.set_connection_timeout(10, 0);
        return c;
    }

    std::string first_line;
    int port = 0;

private:
    pid_t pid_ = -1;
    int from_ = -1;
    int exit_code_ = -1;
};

struct Answer {
    int status = 0;
    json body;
    std::string text;
    std::string type;
};

Answer answer_of(const httplib::Result& r) {
    Answer a;
    if (!r) return a;
    a.status = r->status;
    a.text = r->body;
    a.type = r->get_header_value("Content-Type");
    a.body = json::parse(r->body, nullptr, false);
    return a;
}

Answer post(const ServeProcess& s, const std::string& path, const std::string& body) {
    httplib::Client c = s.client();
    return answer_of(c.Post(("/api/v1" + path).c_str(), body, "application/json"));
}
Answer post(const ServeProcess& s, const std::string& path, const json& body) { return post(s, path, body.dump()); }
Answer get(const ServeProcess& s, const std::string& path) {
    httplib::Client c = s.client();
    return answer_of(c.Get(path.c_str()));
}

std::string message(const Answer& a) {
    if (!a.body.is_object() || !a.body.contains("error")) return "<no error object: " + a.text.substr(0, 200) + ">";
    return a.body["error"]["message"].get<std::string>();
}

// Raw bytes to the server and everything it answers until it closes (or 5 s pass).
std::string raw_request(int port, const std::string& bytes) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(std::uint16_t(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    std::string got;
    if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) {
        (void)!write(fd, bytes.data(), bytes.size());
        const auto deadline = std::chrono::steady_clock::now() + 5s;
        while (std::chrono::steady_clock::now() < deadline) {
            pollfd p{fd, POLLIN, 0};
            if (poll(&p, 1, 100) <= 0) continue;
            char buf[4096];
            const ssize_t n = read(fd, buf, sizeof buf);
            if (n <= 0) break;
            got.append(buf, std::size_t(n));
        }
    }
    close(fd);
    return got;
}

std::vector<std::string> pdn_moves(const json& game) {
    std::vector<std::string> out;
    for (const json& m : game["legal_moves"]) out.push_back(m["pdn"].get<std::string>());
    return out;
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
    return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

TEST_CASE("serve: listens on loopback, prints where, stops on SIGTERM", "[serve]") {
    ServeProcess s;
    REQUIRE(s.port > 0);
    CHECK(s.first_line == "tempo serve: listening on http://127.0.0.1:" + std::to_string(s.port) + "/");
    const Answer page = get(s, "/");
    CHECK(page.status == 200);
    CHECK(page.type.starts_with("text/html"));
    CHECK(page.text.find("<title>Tempo") != std::string::npos);
    CHECK(s.stop() == 0);
}

TEST_CASE("serve: a port already taken is said clearly", "[serve]") {
    ServeProcess first;
    REQUIRE(first.port > 0);
    const testing::ToolRun r = testing::run_tool({"serve", "--port", std::to_string(first.port)});
    CHECK(r.status == 1);
    CHECK(r.err.find("cannot listen on 127.0.0.1:" + std::to_string(first.port)) != std::string::npos);
    CHECK(r.err.find("already in use") != std::string::npos);
    CHECK(r.out.empty());

    const testing::ToolRun bad = testing::run_tool({"serve", "--port", "70000"});
    CHECK(bad.status == 2);
    CHECK(bad.err.find("--port '70000' is out of range 0..65535") != std::string::npos);
    const testing::ToolRun help = testing::run_tool({"serve", "--help"});
    CHECK(help.status == 0);
    CHECK(help.out.find("--max-games") != std::string::npos);
}

TEST_CASE("serve: variants, ballots and the start positions of the three games", "[serve]") {
    ServeProcess s;
    const Answer v = get(s, "/api/v1/variants");
    REQUIRE(v.status == 200);
    REQUIRE(v.body["variants"].size() == 3);
    CHECK(v.body["variants"][0]["name"] == "english");
    CHECK(v.body["variants"][0]["squares"][28] == "a1");  // square 29 is a1
    CHECK(v.body["variants"][1]["size"] == 10);
    CHECK(v.body["variants"][1]["squares"].size() == 50);
    CHECK(v.body["variants"][1]["first_to_move"] == "white");

    const Answer b = get(s, "/api/v1/ballots");
    REQUIRE(b.status == 200);
    CHECK(b.body["ballots"].size() == 156);  // the ACF deck without the 18 barred openings
    CHECK(b.body["ballots"][0]["moves"] == json({"9-13", "21-17", "5-9"}));

    const Answer en = post(s, "/position", json::object());
    REQUIRE(en.status == 200);
    CHECK(en.body["side_to_move"] == "black");
    CHECK(en.body["legal_moves"].size() == 7);
    CHECK(en.body["pieces"].size() == 24);
    CHECK(contains(pdn_moves(en.body), "11-15"));
    CHECK(en.body["legal_moves"][0]["name"].get<std::string>().size() == 5);  // "b6-a5"

    const Answer in = post(s, "/position", json{{"variant", "international"}});
    REQUIRE(in.status == 200);
    CHECK(in.body["side_to_move"] == "white");
    CHECK(in.body["legal_moves"].size() == 9);
    CHECK(in.body["pieces"].size() == 40);
    CHECK(in.body["fen"] == in.body["start_fen"]);

    const Answer br = post(s, "/position", json{{"variant", "brazilian"}});
    REQUIRE(br.status == 200);
    CHECK(br.body["side_to_move"] == "white");
    CHECK(br.body["legal_moves"].size() == 7);
}

TEST_CASE("serve: legal moves in both notations, with the route of a multi-capture", "[serve]") {
    ServeProcess s;
    // English: a black man on 9 jumps 14 and 23 (landing 18, then 27); board names too.
    const Answer en = post(s, "/position", json{{"fen", "B:W14,23,30:B9"}});
    REQUIRE(en.status == 200);
    REQUIRE(en.body["legal_moves"].size() == 1);
    const json& m = en.body["legal_moves"][0];
    CHECK(m["pdn"] == "9x18x27");
    CHECK(m["path"] == json({9, 18, 27}));
    CHECK(m["captures"] == json({14, 23}));
    CHECK(m["name"] == "b6xd4xf2");

    // 10x10 from a move list given in board names and numbers mixed.
    const Answer in = post(s, "/position", json{{"variant", "international"}, {"moves", {"32-28", "g7-f6"}}});
    REQUIRE(in.status == 200);
    CHECK(in.body["ply"] == 2);
    CHECK(in.body["moves"][1]["pdn"] == "19-23");
    CHECK(in.body["side_to_move"] == "white");
}

TEST_CASE("serve: a move is validated and applied, an illegal one is refused and names why", "[serve]") {
    ServeProcess s;
    const Answer ok = post(s, "/move", json{{"moves", {"11-15"}}, {"move", "23-19"}});
    REQUIRE(ok.status == 200);
    CHECK(ok.body["move"]["pdn"] == "23-19");
    CHECK(ok.body["game"]["ply"] == 2);
    CHECK(ok.body["game"]["side_to_move"] == "black");

    const Answer bad = post(s, "/move", json{{"moves", {"11-15"}}, {"move", "11-16"}});
    CHECK(bad.status == 422);
    CHECK(message(bad).starts_with("illegal move '11-16': "));

    const Answer intl = post(s, "/move", json{{"variant", "international"}, {"move", "32-27"}});
    REQUIRE(intl.status == 200);
    CHECK(intl.body["move"]["name"] == "d4-c5");
    const Answer intl_bad = post(s, "/move", json{{"variant", "international"}, {"move", "32-26"}});
    CHECK(intl_bad.status == 422);
    CHECK(message(intl_bad).find("32-26") != std::string::npos);

    const Answer in_list = post(s, "/position", json{{"moves", {"11-15", "22-18", "9-14"}}});
    CHECK(in_list.status == 422);
    CHECK(message(in_list).starts_with("illegal move 3 '9-14' in 'moves': "));
}

TEST_CASE("serve: the game status names the result and the reason", "[serve]") {
    ServeProcess s;
    const Answer none = post(s, "/position", json{{"fen", "W:W:B1"}});
    REQUIRE(none.status == 200);
    CHECK(none.body["status"]["result"] == "black-wins");
    CHECK(none.body["status"]["reason"] == "no-legal-moves");
    CHECK(none.body["status"]["over"] == true);
    CHECK(none.body["legal_moves"].empty());

    const json shuffle{"1-5", "32-28", "5-1", "28-32", "1-5", "32-28", "5-1", "28-32"};
    const Answer rep = post(s, "/position", json{{"fen", "B:WK32:BK1"}, {"moves", shuffle}});
    REQUIRE(rep.status == 200);
    CHECK(rep.body["status"]["result"] == "draw");
    CHECK(rep.body["status"]["reason"] == "repetition");
    CHECK(rep.body["status"]["description"] == "draw: the same position occurred three times");

    // No move once the game is over.
    const Answer after = post(s, "/move", json{{"fen", "B:WK32:BK1"}, {"moves", shuffle}, {"move", "1-5"}});
    CHECK(after.status == 422);
    CHECK(message(after).find("the game is over") != std::string::npos);

    const Answer intl = post(s, "/position", json{{"variant", "international"}, {"fen", "B:W46:B"}});
    REQUIRE(intl.status == 200);
    CHECK(intl.body["status"]["result"] == "white-wins");
    CHECK(intl.body["status"]["reason"] == "no-legal-moves");
    const Answer ongoing = post(s, "/position", json{{"variant", "international"}});
    CHECK(ongoing.body["status"]["result"] == "ongoing");
    CHECK(ongoing.body["status"]["reason"] == "none");
}

TEST_CASE("serve: the engine's move by level and by time, in each game", "[serve]") {
    ServeProcess s;
    for (const char* variant : {"english", "international", "brazilian"}) {
        INFO(variant);
        const Answer start = post(s, "/position", json{{"variant", variant}});
        const Answer a = post(s, "/engine-move", json{{"variant", variant}, {"level", "gentle"}});
        REQUIRE(a.status == 200);
        CHECK(contains(pdn_moves(start.body), a.body["move"]["pdn"].get<std::string>()));
        CHECK(a.body["game"]["ply"] == 1);
        CHECK(a.body["score"].contains("text"));
    }
    // A forced capture is the only move: the engine must play it.
    const auto t0 = std::chrono::steady_clock::now();
    const Answer forced = post(s, "/engine-move", json{{"fen", "B:W14,23,30:B9"}, {"movetime_ms", 200}});
    REQUIRE(forced.status == 200);
    CHECK(forced.body["move"]["pdn"] == "9x18x27");
    const Answer timed = post(s, "/engine-move", json{{"moves", {"11-15"}}, {"movetime_ms", 300}, {"skill", 20}});
    REQUIRE(timed.status == 200);
    CHECK(timed.body["depth"].get<int>() >= 1);
    CHECK(std::chrono::steady_clock::now() - t0 < 5s);

    const Answer over = post(s, "/engine-move", json{{"fen", "W:W:B1"}});
    CHECK(over.status == 422);
    CHECK(message(over).starts_with("the game is over"));
    const Answer level = post(s, "/engine-move", json{{"level", "grandmaster"}});
    CHECK(level.status == 400);
    CHECK(message(level).starts_with("unknown level 'grandmaster'"));
}

TEST_CASE("serve: an analysis streams score, depth and PV as server-sent events", "[serve]") {
    ServeProcess s;
    for (const char* variant : {"english", "international"}) {
        INFO(variant);
        httplib::Client c = s.client();
        std::string stream;
        httplib::Request req;
        const auto r = c.Post("/api/v1/analyse", json{{"variant", variant}, {"movetime_ms", 300}}.dump(), "application/json");
        REQUIRE(r);
        CHECK(r->status == 200);
        CHECK(r->get_header_value("Content-Type") == "text/event-stream");
        stream = r->body;
        std::vector<json> infos;
        json best;
        std::size_t at = 0;
        while ((at = stream.find("event: ", at)) != std::string::npos) {
            const std::size_t nl = stream.find('\n', at);
            const std::string event = stream.substr(at + 7, nl - at - 7);
            const std::size_t data = stream.find("data: ", nl);
            const std::size_t end = stream.find("\n\n", data);
            const json j = json::parse(stream.substr(data + 6, end - data - 6), nullptr, false);
            if (event == "info") infos.push_back(j);
            if (event == "bestmove") best = j;
            at = end;
        }
        REQUIRE(infos.size() >= 2);
        CHECK(infos.back()["depth"].get<int>() > infos.front()["depth"].get<int>());
        CHECK(infos.back()["pv"]["pdn"].size() >= 1);
        CHECK(infos.back()["score"].contains("cp"));
        REQUIRE(best.is_object());
        CHECK(best["game"]["ply"] == 1);
    }
    const Answer bad = post(s, "/analyse", json{{"movetime_ms", 20000}});
    CHECK(bad.status == 422);
    CHECK(message(bad).starts_with("think too long"));
}

TEST_CASE("serve: perft in the three games, bounded in depth", "[serve]") {
    ServeProcess s;
    const Answer en = post(s, "/perft", json{{"depth", 6}});
    REQUIRE(en.status == 200);
    CHECK(en.body["nodes"] == 36768);
    CHECK(en.body["divide"].size() == 7);
    const Answer in = post(s, "/perft", json{{"variant", "international"}, {"depth", 4}});
    REQUIRE(in.status == 200);
    CHECK(in.body["nodes"] == 4265);
    const Answer br = post(s, "/perft", json{{"variant", "brazilian"}, {"depth", 5}});
    REQUIRE(br.status == 200);
    CHECK(br.body["nodes"] == 7473);
    const Answer deep = post(s, "/perft", json{{"depth", 30}});
    CHECK(deep.status == 422);
    CHECK(message(deep).starts_with("perft too deep"));
    const Answer none = post(s, "/perft", json::object());
    CHECK(none.status == 400);
    CHECK(message(none).starts_with("'depth' is missing"));
}

TEST_CASE("serve: PDN save and load give back the same game", "[serve]") {
    ServeProcess s;
    const json game{{"moves", {"11-15", "23-19", "8-11"}}, {"tags", {{"Event", "Test"}}}};
    const Answer saved = post(s, "/pdn/save", game);
    REQUIRE(saved.status == 200);
    const std::string text = saved.body["pdn"];
    CHECK(text.find("[Event \"Test\"]") != std::string::npos);
    CHECK(text.find("1. 11-15 23-19 2. 8-11") != std::string::npos);
    const Answer loaded = post(s, "/pdn/load", json{{"pdn", text}});
    REQUIRE(loaded.status == 200);
    CHECK(loaded.body["ply"] == 3);
    CHECK(loaded.body["tags"]["Event"] == "Test");

    const Answer intl = post(s, "/pdn/save", json{{"variant", "international"}, {"moves", {"32-28"}}});
    REQUIRE(intl.status == 200);
    const Answer back = post(s, "/pdn/load", json{{"pdn", intl.body["pdn"]}});
    CHECK(back.body["variant"] == "international");
    CHECK(back.body["ply"] == 1);

    const Answer bad = post(s, "/pdn/load", json{{"pdn", "[Event \"x\"]\n1. 11-15 11-15 *"}});
    CHECK(bad.status == 422);
    CHECK(message(bad).starts_with("bad PDN: illegal move 2 '11-15'"));
}

TEST_CASE("serve: stored games: create, move, refuse, engine move, undo, delete", "[serve]") {
    ServeProcess s;
    const Answer made = post(s, "/games", json{{"variant", "english"}});
    REQUIRE(made.status == 201);
    const std::string id = std::to_string(made.body["id"].get<long long>());
    const Answer moved = post(s, "/games/" + id + "/move", json{{"move", "11-15"}});
    REQUIRE(moved.status == 200);
    CHECK(moved.body["game"]["ply"] == 1);
    const Answer refused = post(s, "/games/" + id + "/move", json{{"move", "15-19"}});
    CHECK(refused.status == 422);
    const Answer same = get(s, "/api/v1/games/" + id);
    CHECK(same.body["ply"] == 1);  // the refused move changed nothing
    CHECK(same.body["fen"] == moved.body["game"]["fen"]);
    const Answer engine = post(s, "/games/" + id + "/engine-move", json{{"level", "gentle"}});
    REQUIRE(engine.status == 200);
    CHECK(get(s, "/api/v1/games/" + id).body["ply"] == 2);
    const Answer undone = post(s, "/games/" + id + "/undo", json::object());
    CHECK(undone.body["game"]["ply"] == 1);
    httplib::Client c = s.client();
    const auto del = c.Delete(("/api/v1/games/" + id).c_str());
    REQUIRE(del);
    CHECK(del->status == 200);
    const Answer gone = get(s, "/api/v1/games/" + id);
    CHECK(gone.status == 404);
    CHECK(message(gone).starts_with("no game " + id));
    CHECK(get(s, "/api/v1/games/abc").status == 404);
}

TEST_CASE("serve: every error is JSON with its status and a message naming the problem", "[serve]") {
    ServeProcess s({"--max-games", "2", "--searches", "1"});
    // 400: malformed JSON, a body that is no object, a field of the wrong type, an unknown variant.
    const Answer broken = post(s, "/position", std::string("{\"moves\": [\"11-15\""));
    CHECK(broken.status == 400);
    CHECK(message(broken).starts_with("malformed JSON"));
    CHECK(broken.type == "application/json");
    CHECK(message(post(s, "/position", std::string("[1,2]"))).starts_with("the body must be a JSON object"));
    // Bytes that are not UTF-8: refused as malformed, and the answer is still valid JSON.
    const Answer utf8 = post(s, "/position", std::string("{\"moves\": [\"\xff\xfe\"]}"));
    CHECK(utf8.status == 400);
    CHECK(utf8.body.is_object());
    CHECK(message(utf8).starts_with("malformed JSON"));
    const Answer type = post(s, "/position", json{{"moves", "11-15"}});
    CHECK(type.status == 400);
    CHECK(message(type) == "'moves' must be an array of strings, not a string");
    const Answer variant = post(s, "/position", json{{"variant", "dutch"}});
    CHECK(variant.status == 400);
    CHECK(message(variant).find("'dutch' is not one of: english, international, brazilian") != std::string::npos);
    // 404: an unknown path, in the API and outside it.
    const Answer path = post(s, "/nothing", json::object());
    CHECK(path.status == 404);
    CHECK(message(path) == "no such request: POST /api/v1/nothing");
    CHECK(get(s, "/nothing.html").status == 404);
    // 413: a body over 64 KiB.
    const Answer big = post(s, "/position", std::string(70000, ' '));
    CHECK(big.status == 413);
    CHECK(message(big) == "body too large");
    // 414: a URL over 8 KiB.
    const Answer url = get(s, "/api/v1/variants?" + std::string(9000, 'a'));
    CHECK(url.status == 414);
    // 422: a bad FEN, an illegal move, too long a think.
    const Answer fen = post(s, "/position", json{{"fen", "B:W33:B1"}});
    CHECK(fen.status == 422);
    CHECK(message(fen).starts_with("bad FEN 'B:W33:B1': "));
    CHECK(post(s, "/move", json{{"move", "1-2"}}).status == 422);
    const Answer think = post(s, "/engine-move", json{{"movetime_ms", 60000}});
    CHECK(think.status == 422);
    CHECK(message(think) == "think too long: 'movetime_ms' 60000 is over this server's limit of 10000 ms");
    // 503: too many games at once.
    CHECK(post(s, "/games", json::object()).status == 201);
    CHECK(post(s, "/games", json::object()).status == 201);
    const Answer full = post(s, "/games", json::object());
    CHECK(full.status == 503);
    CHECK(message(full).starts_with("too many games: this server holds at most 2"));
    // 503: the one engine is busy for longer than a request waits (2 s).
    std::thread busy([&] { (void)post(s, "/engine-move", json{{"movetime_ms", 3500}}); });
    std::this_thread::sleep_for(300ms);
    const Answer wait = post(s, "/engine-move", json{{"movetime_ms", 10}});
    busy.join();
    CHECK(wait.status == 503);
    CHECK(message(wait).starts_with("every engine is busy"));
    // The server is still fine after all that.
    CHECK(post(s, "/position", json::object()).status == 200);
}

TEST_CASE("serve: no path outside the page's files can be read", "[serve]") {
    ServeProcess s;
    for (const std::string path :
         {"/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2f..%2fetc%2fpasswd",
          "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/index.html/../../etc/passwd", "//etc/passwd",
          "/..\\..\\etc\\passwd", "/%252e%252e/etc/passwd", "/api/v1/../../../etc/passwd", "/%00/etc/passwd",
          "/.%2e/.%2e/CMakeLists.txt", "/serve/web/index.html"}) {
        INFO(path);
        const std::string reply = raw_request(s.port, "GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        CHECK(reply.starts_with("HTTP/1.1 4"));
        CHECK(reply.find("root:") == std::string::npos);
        CHECK(reply.find("cmake_minimum_required") == std::string::npos);
    }
    // The page's own files are there.
    for (const std::string path : {"/", "/index.html", "/app.js", "/style.css"}) {
        INFO(path);
        CHECK(get(s, path).status == 200);
    }
    // A header section over the library's limit is refused, and the server stays up.
    const std::string huge = raw_request(s.port, "GET / HTTP/1.1\r\nHost: x\r\nX: " + std::string(20000, 'a') + "\r\n\r\n");
    CHECK(!huge.starts_with("HTTP/1.1 200"));
    CHECK(get(s, "/").status == 200);
}

TEST_CASE("serve: slow clients and a long analysis do not hold up the others", "[serve]") {
    ServeProcess s({"--searches", "1"});
    // Three clients that connect and send half a request, then nothing.
    std::vector<int> stalled;
    for (int i = 0; i < 3; ++i) {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(std::uint16_t(s.port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
        const std::string half = "POST /api/v1/position HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{";
        (void)!write(fd, half.data(), half.size());
        stalled.push_back(fd);
    }
    // A client that reads its analysis slowly holds the one engine for up to 2 s.
    std::thread analysis([&] { (void)post(s, "/analyse", json{{"movetime_ms", 2000}}); });
    std::this_thread::sleep_for(200ms);
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 20; ++i) REQUIRE(post(s, "/position", json{{"moves", {"11-15"}}}).status == 200);
    CHECK(get(s, "/").status == 200);
    CHECK(std::chrono::steady_clock::now() - t0 < 1500ms);
    analysis.join();
    for (int fd : stalled) close(fd);
}

TEST_CASE("serve: load: 200 clients at once for 10 s, no failed request, no lost game", "[serve][load]") {
    ServeProcess s({"--threads", "64", "--searches", "2"});
    REQUIRE(s.port > 0);
    std::atomic<int> requests{0}, failures{0};
    std::mutex m;
    std::vector<std::string> failed;
    std::map<long long, int> expected_ply;  // game id -> moves played by its client
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    auto note = [&](const std::string& what, const httplib::Result& r) {
        ++requests;
        if (r && r->status >= 200 && r->status < 300) return true;
        ++failures;
        std::lock_guard lock(m);
        if (failed.size() < 10) failed.push_back(what + ": " + (r ? std::to_string(r->status) + " " + r->body : "no answer: " + httplib::to_string(r.error())));
        return false;
    };
    std::vector<std::thread> clients;
    for (int i = 0; i < 200; ++i) {
        clients.emplace_back([&, i] {
            httplib::Client c = s.client();
            const bool intl = i % 2 == 1;
            const json variant{{"variant", intl ? "international" : "english"}};
            const auto made = c.Post("/api/v1/games", variant.dump(), "application/json");
            if (!note("create", made)) return;
            const long long id = json::parse(made->body)["id"];
            const std::string base = "/api/v1/games/" + std::to_string(id);
            int ply = 0;
            while (std::chrono::steady_clock::now() < deadline) {
                const auto g = c.Get(base.c_str());
                if (!note("get", g)) break;
                const json game = json::parse(g->body);
                if (game["status"]["over"] == true || ply >= 60) break;
                const std::string move = game["legal_moves"][std::size_t(i) % game["legal_moves"].size()]["pdn"];
                if (!note("move", c.Post((base + "/move").c_str(), json{{"move", move}}.dump(), "application/json"))) break;
                ++ply;
                // A tenth of the clients also ask the engine (short thinks, 2 engines shared).
                if (i % 10 == 0) {
                    const auto e = c.Post((base + "/engine-move").c_str(), json{{"movetime_ms", 20}}.dump(), "application/json");
                    if (!note("engine-move", e)) break;
                    if (json::parse(e->body)["game"]["status"]["over"] == true) {
                        ++ply;
                        break;
                    }
                    ++ply;
                }
                (void)note("position", c.Post("/api/v1/position", variant.dump(), "application/json"));
            }
            std::lock_guard lock(m);
            expected_ply[id] = ply;
        });
    }
    for (std::thread& t : clients) t.join();
    INFO((failed.empty() ? std::string("-") : failed.front()));
    CHECK(failures == 0);
    CHECK(requests > 2000);
    CHECK(expected_ply.size() == 200);
    // Every game is still held, with every move its client made.
    int lost = 0;
    for (const auto& [id, ply] : expected_ply) {
        const Answer g = get(s, "/api/v1/games/" + std::to_string(id));
        if (g.status != 200 || g.body["ply"] != ply) ++lost;
    }
    CHECK(lost == 0);
    CHECK(s.stop() == 0);
}
