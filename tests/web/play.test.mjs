// The page of `tempo serve` in a real browser: Playwright (playwright-core) drives Debian's
// Chromium headless against a real `tempo serve` process on a free loopback port.
//
//   node play.test.mjs TEMPO_BINARY [--screenshot FILE]
//
// Each check is a test; the last line is "N passed, N failed". Exit 0 only when all pass.
// Run by tests/web/run.sh (ctest: "serve: browser"), which installs what is missing first.
import { spawn } from "node:child_process";
import { once } from "node:events";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const tempo = process.argv[2];
const shotAt = process.argv.indexOf("--screenshot");
const screenshot = shotAt > 0 ? process.argv[shotAt + 1] : null;
if (!tempo) {
  console.error("usage: node play.test.mjs TEMPO_BINARY [--screenshot FILE]");
  process.exit(2);
}

// --- The server --------------------------------------------------------------------------------

const server = spawn(tempo, ["serve", "--port", "0", "--searches", "2"], { stdio: ["ignore", "pipe", "inherit"] });
let firstLine = "";
server.stdout.setEncoding("utf8");
while (!firstLine.includes("\n")) {
  const [chunk] = await once(server.stdout, "data");
  firstLine += chunk;
}
const base = firstLine.match(/http:\/\/[^/]+\//)[0];
server.stdout.resume();

async function api(path, body) {
  const r = await fetch(new URL(`api/v1${path}`, base), {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  return r.json();
}

// --- The browser ---------------------------------------------------------------------------------

const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
// Chromium's sandbox refuses to start as root; the page is our own, so it may run without it.
const args = process.getuid && process.getuid() === 0 ? ["--no-sandbox"] : [];
const browser = await chromium.launch({ executablePath, args, headless: true });
const context = await browser.newContext({ viewport: { width: 1100, height: 760 }, acceptDownloads: true });
const page = await context.newPage();
const pageErrors = [];
page.on("pageerror", (e) => pageErrors.push(e.message));

// --- Helpers that act as a person would ----------------------------------------------------------

async function open() {
  await page.goto(base);
  await page.waitForSelector("#board rect[data-square]");
  await settle();
}

// Waits until no request of the page is running (the page keeps <body data-busy> up to date),
// Tempo's search included.
async function settle() {
  await page.waitForFunction(() => document.body.dataset.busy === "0", null, { timeout: 20000 });
}

async function choose(id, value) { await page.selectOption(`#${id}`, value); }

async function newGame(variant, tempoSide, level = "gentle") {
  await choose("variant", variant);
  await choose("tempo-side", tempoSide);
  await choose("level", level);
  await page.click("#new");
  await settle();
}

async function clickSquare(n) { await page.click(`#board rect[data-square="${n}"]`); }

async function movesShown() { return page.$$eval("#moves button", (bs) => bs.map((b) => b.textContent)); }

async function currentGame() {
  const { variant, fen, moves } = await page.evaluate(() => {
    const cur = [...document.querySelectorAll("#moves button")];
    const upTo = cur.findIndex((b) => b.classList.contains("current")) + 1;
    return {
      variant: document.querySelector("#variant").value,
      moves: cur.slice(0, upTo).map((b) => b.textContent),
    };
  });
  return { variant, fen, moves };
}

// Plays a legal move of the shown position by clicking its squares one by one.
async function clickMove(move) {
  for (const s of move.path) await clickSquare(s);
}

async function loadText(text) {
  await page.fill("#record", text);
  await page.click("#load");
  await settle();
}

// --- The tests -----------------------------------------------------------------------------------

const results = [];
async function test(name, body) {
  try {
    await body();
    results.push([name, true]);
    console.log(`ok   ${name}`);
  } catch (e) {
    results.push([name, false]);
    console.log(`FAIL ${name}\n     ${String(e.stack || e).split("\n").slice(0, 4).join("\n     ")}`);
  }
}

await test("the page loads with an 8x8 board: 32 dark squares, 24 pieces", async () => {
  await open();
  assert.equal(await page.locator("#board rect[data-square]").count(), 32);
  assert.equal(await page.locator("#board g[data-piece]").count(), 24);
  assert.match(await page.textContent("#status"), /Black to move/);
});

await test("a whole game against Tempo by clicks, to the end-of-game message", async () => {
  await newGame("english", "white", "gentle");
  for (let turn = 0; turn < 200; turn++) {
    await settle();
    if (await page.isVisible("#result")) break;
    const g = await currentGame();
    const pos = await api("/position", { variant: "english", moves: g.moves });
    assert.equal(pos.side_to_move, "black", "the player's turn after Tempo's move");
    // The player takes the move that gives Tempo the most to capture, so the game ends soon.
    const move = pos.legal_moves[turn % pos.legal_moves.length];
    await clickMove(move);
  }
  await settle();
  assert.ok(await page.isVisible("#result"), "the game ended");
  assert.match(await page.textContent("#result"), /^Game over\. (Black wins|White wins|Draw)/);
  const g = await currentGame();
  const pos = await api("/position", { variant: "english", moves: g.moves });
  assert.equal(pos.status.over, true, "the server agrees the game is over");
  assert.ok((await movesShown()).length >= 10);
});

await test("a multi-capture is made step by step, its targets shown", async () => {
  await choose("tempo-side", "none");
  await choose("variant", "english");
  await loadText("B:W14,23,30:B9");
  await clickSquare(9);
  const targets = await page.$$eval("#board rect.target", (rs) => rs.map((r) => Number(r.dataset.square)));
  assert.deepEqual(targets, [18]);
  await clickSquare(18);
  // Half way: the man stands on 18, the man on 14 is faded, 27 is the next target.
  assert.equal(await page.locator('#board g[data-square="18"][data-piece="black"]').count(), 1);
  assert.equal(await page.locator("#board g.taken").count(), 1);
  assert.deepEqual(await page.$$eval("#board rect.target", (rs) => rs.map((r) => Number(r.dataset.square))), [27]);
  await clickSquare(27);
  await settle();
  assert.deepEqual(await movesShown(), ["9x18x27"]);
  assert.equal(await page.locator("#board g[data-piece]").count(), 2);
});

await test("a capture made by dragging the piece", async () => {
  await loadText("B:W14,23,30:B9");
  const box = async (n) => page.locator(`#board rect[data-square="${n}"]`).boundingBox();
  const a = await box(9), b = await box(18), c = await box(27);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2, { steps: 5 });
  await page.mouse.up();
  await settle();
  assert.deepEqual(await movesShown(), ["9x18x27"]);
});

await test("hint shows a legal move on the board", async () => {
  await newGame("english", "white", "gentle");
  await page.click("#hint");
  await page.waitForSelector("#board rect.hint");
  const hinted = await page.$$eval("#board rect.hint", (rs) => rs.map((r) => Number(r.dataset.square)));
  const pos = await api("/position", { variant: "english" });
  assert.ok(pos.legal_moves.some((m) => m.path.every((s) => hinted.includes(s))), `hint ${hinted} is a legal move`);
  assert.match(await page.textContent("#thinking"), /^Hint: /);
});

await test("undo and redo against Tempo go back and forth by whole turns", async () => {
  await newGame("english", "white", "gentle");
  const pos = await api("/position", { variant: "english" });
  await clickMove(pos.legal_moves[0]);
  await settle();
  const line = await movesShown();
  assert.equal(line.length, 2, "the player's move and Tempo's reply");
  await page.click("#undo");
  await settle();
  assert.equal(await page.locator("#moves button.current").count(), 0, "back at the start");
  assert.equal(await page.locator("#board g[data-piece]").count(), 24);
  assert.match(await page.textContent("#status"), /Black to move/);
  await page.click("#redo");
  await settle();
  assert.equal(await page.textContent("#moves button.current"), line[1]);
  // The move list jumps to any position.
  await page.click("#moves button >> nth=0");
  await settle();
  assert.equal(await page.textContent("#moves button.current"), line[0]);
  assert.match(await page.textContent("#status"), /White to move/);
});

await test("flip turns the board round", async () => {
  await newGame("english", "none");
  const where = () => page.locator('#board rect[data-square="1"]').evaluate((r) => [r.getAttribute("x"), r.getAttribute("y")]);
  const before = await where();
  await page.click("#flip");
  const after = await where();
  assert.notDeepEqual(after, before);
  assert.deepEqual(after, [String(7 - Number(before[0])), String(7 - Number(before[1]))]);
  await page.click("#flip");
});

await test("save a PDN, start again, load it back", async () => {
  await newGame("english", "none");
  for (const m of ["11-15", "23-19", "8-11"]) {
    await page.fill("#move-input", m);
    await page.press("#move-input", "Enter");
    await settle();
  }
  const download = page.waitForEvent("download");
  await page.click("#save-pdn");
  const file = await download;
  assert.equal(file.suggestedFilename(), "tempo-game.pdn");
  const pdn = await page.inputValue("#record");
  assert.match(pdn, /1\. 11-15 23-19 2\. 8-11/);
  await newGame("english", "none");
  assert.deepEqual(await movesShown(), []);
  await loadText(pdn);
  assert.deepEqual(await movesShown(), ["11-15", "23-19", "8-11"]);
  // A broken text is refused with a message, and the game stays as it was.
  await loadText("[Event \"x\"]\n1. 11-15 11-15 *");
  assert.match(await page.textContent("#record-message"), /^bad PDN: illegal move 2/);
  assert.deepEqual(await movesShown(), ["11-15", "23-19", "8-11"]);
  // The FEN of the shown position.
  await page.click("#show-fen");
  assert.equal(await page.inputValue("#record"), "W:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15");
});

await test("a 10x10 game starts: 50 dark squares, 40 pieces, White to move", async () => {
  await newGame("international", "black", "gentle");
  assert.equal(await page.locator("#board rect[data-square]").count(), 50);
  assert.equal(await page.locator("#board g[data-piece]").count(), 40);
  assert.match(await page.textContent("#status"), /White to move/);
  const pos = await api("/position", { variant: "international" });
  await clickMove(pos.legal_moves.find((m) => m.pdn === "32-28"));
  await settle();
  const line = await movesShown();
  assert.equal(line[0], "32-28");
  assert.equal(line.length, 2, "Tempo answered");
});

await test("the end-of-game message names the winner and the reason", async () => {
  await newGame("english", "none");
  await loadText("B:W14:B9");
  await clickSquare(9);
  await clickSquare(18);
  await settle();
  assert.equal(await page.textContent("#result"), "Game over. Black wins: White has no legal move.");
});

await test("the keyboard: arrows and Enter on the board make a move, arrows step through the list", async () => {
  await newGame("english", "none");
  await page.focus("#board");
  // The cursor starts on a1 (bottom left); b6 is square 9, a5 square 13.
  for (const k of ["ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp", "ArrowRight", "Enter", "ArrowDown", "ArrowLeft", "Enter"])
    await page.keyboard.press(k);
  await settle();
  assert.deepEqual(await movesShown(), ["9-13"]);
  // Off the board, the arrow keys step through the moves.
  await page.focus("#moves button");
  await page.keyboard.press("ArrowLeft");
  await settle();
  assert.equal(await page.locator("#moves button.current").count(), 0);
  await page.keyboard.press("ArrowRight");
  await settle();
  assert.equal(await page.textContent("#moves button.current"), "9-13");
});

await test("a narrow phone screen: the board fits, nothing scrolls sideways", async () => {
  await page.setViewportSize({ width: 375, height: 740 });
  await open();
  const box = await page.locator("#board").boundingBox();
  assert.ok(box.width > 300 && box.x >= 0 && box.x + box.width <= 375, `board at ${box.x}, ${box.width} wide`);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= 375, `page ${scroll} px wide`);
  await page.setViewportSize({ width: 1100, height: 760 });
});

await test("no script error on the page", async () => {
  assert.deepEqual(pageErrors, []);
});

if (screenshot) {
  // The picture for the README: a game under way against Tempo with its analysis shown.
  await page.setViewportSize({ width: 1000, height: 640 });
  await open();
  await newGame("english", "white", "medium");
  const first = await api("/position", { variant: "english" });
  await clickMove(first.legal_moves.find((m) => m.pdn === "11-15"));
  await settle();
  await page.click("#hint");
  await page.waitForSelector("#board rect.hint");
  await page.screenshot({ path: screenshot });
  console.log(`screenshot: ${screenshot}`);
}

await browser.close();
server.kill("SIGTERM");
const passed = results.filter((r) => r[1]).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);
