// The jury's side of an interactive game, in the judge's convention, shared by every interactor
// here as testlib.h is shared. By default the Kattis problem package format's (problemtools,
// BAPCtools, DOMjudge): run as `interactor INPUT ANSWER FEEDBACK_DIR`, the player on stdin and
// stdout, exit 42 when the player wins and 43 when it does not, the reason in
// FEEDBACK_DIR/judgemessage.txt. With INTERACTION_TESTLIB (a Polygon package's wrapper, testlib.h
// included first) testlib's: `interactor INPUT OUTPUT`, the side the player chose written to
// OUTPUT for the checker, the verdict by quitf.
//
// A move line is read whole and parsed strictly by the game (so a malformed move gets the
// protocol's rejection line before the verdict, as the harness's jury does); a player that exits
// early is heard as the end of its input, never as SIGPIPE.
#pragma once
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace interaction {

inline std::ifstream position;  // the test's input: the position
inline std::string feedback;    // Kattis: the feedback folder

inline void start(int argc, char *argv[]) {
#ifdef INTERACTION_TESTLIB
    registerInteraction(argc, argv);
#else
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s INPUT ANSWER FEEDBACK_DIR < player's output > player's input\n", argv[0]);
        std::exit(1);
    }
    feedback = argv[3];
#endif
    std::signal(SIGPIPE, SIG_IGN);
    position.open(argv[1]);
    if (!position) {
        std::fprintf(stderr, "cannot read the input %s\n", argv[1]);
        std::exit(1);
    }
}

// A line to the player, flushed: the player waits for it.
inline void say(const std::string &line) {
    std::cout << line << '\n' << std::flush;
}

// The player's next line, without its line break; false when it has closed its output.
inline bool hear(std::string &line) {
    if (!std::getline(std::cin, line)) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
}

[[noreturn]] inline void verdict(bool won, const std::string &why) {
#ifdef INTERACTION_TESTLIB
    if (won) quitf(_ok, "%s", why.c_str());
    quitf(_wa, "%s", why.c_str());
#else
    std::ofstream(feedback + "/judgemessage.txt") << why << '\n';
    std::exit(won ? 42 : 43);
#endif
}

// The side the player chose, where the convention keeps it (testlib's output file).
inline void chose(const std::string &side) {
#ifdef INTERACTION_TESTLIB
    tout << side << '\n';
#else
    (void)side;
#endif
}

// Exactly `count` integers on one line (an optional sign, then decimal digits, each fitting 64
// bits): a move's shape. False otherwise; the game checks the values against the rules.
inline bool integers(const std::string &line, size_t count, std::vector<long long> &out) {
    std::istringstream words(line);
    std::string word;
    out.clear();
    while (words >> word) {
        size_t at = word[0] == '-' || word[0] == '+' ? 1 : 0;
        if (at == word.size()) return false;
        unsigned long long x = 0;
        for (; at < word.size(); at++) {
            if (word[at] < '0' || word[at] > '9' || x > (9223372036854775807ULL - (word[at] - '0')) / 10) return false;
            x = x * 10 + (word[at] - '0');
        }
        out.push_back(word[0] == '-' ? -(long long)x : (long long)x);
    }
    return out.size() == count;
}

// The player's side: `First` or `Second`, a line. Anything else is a wrong answer.
inline bool first_chosen() {
    std::string line;
    if (!hear(line)) verdict(false, "the player exited before choosing a side");
    std::istringstream words(line);
    std::string side, extra;
    words >> side;
    if ((side != "First" && side != "Second") || (words >> extra))
        verdict(false, "expected `First` or `Second`, got `" + line.substr(0, 80) + "`");
    chose(side);
    return side == "First";
}

}  // namespace interaction

namespace interaction {

// Plays the jury's side of `game` to the end and judges the player: the position, the player's
// side, then moves in turn until the player to move has none (normal play: that player lost).
// `Game` gives `text()` (the position as the protocol prints it), `has_move()`, `play(line)`
// (the player's move applied; false when malformed or illegal), `reply()` (the jury's move,
// applied, as its line), and the lines `over` and `rejected`. Every move makes the position
// smaller, so the game ends; a player that won must then exit without another word.
template <class Game>
[[noreturn]] void referee(Game &game) {
    say(game.text());
    bool players_turn = first_chosen();
    for (;;) {
        if (!game.has_move()) {
            say(Game::over);
            if (players_turn) verdict(false, "the player has no move left: it lost the game");
            // The player won; it must now exit, saying nothing more.
            std::string line;
            while (hear(line))
                if (line.find_first_not_of(" \t") != std::string::npos)
                    verdict(false, "output after the game was over: `" + line.substr(0, 80) + "`");
            verdict(true, "the jury has no move left: the player won");
        }
        if (players_turn) {
            std::string line;
            if (!hear(line)) verdict(false, "the player exited before the game was over");
            if (!game.play(line)) {
                say(Game::rejected);
                verdict(false, "illegal or malformed move `" + line.substr(0, 80) + "`");
            }
        } else {
            say(game.reply());
        }
        players_turn = !players_turn;
    }
}

}  // namespace interaction
