// bash-game-interactive's interactor (protocol: gen/src/judge/bash_game_interactive.rs): one pile
// of n, a move takes 1 to k. The pile is worth n mod (k + 1): the jury takes n mod (k + 1) when
// that is not 0, and otherwise 1, which leaves the largest value, k. O(1) per move, with n and k
// up to 10^18 in 64 bits.
#include "interaction.h"

struct Bash {
    static constexpr const char *over = "0";
    static constexpr const char *rejected = "-1";
    long long n, k;

    std::string text() const { return std::to_string(n) + " " + std::to_string(k); }

    bool has_move() const { return n > 0; }

    bool play(const std::string &line) {
        std::vector<long long> v;
        if (!interaction::integers(line, 1, v) || v[0] < 1 || v[0] > std::min(k, n)) return false;
        n -= v[0];
        return true;
    }

    std::string reply() {
        long long value = n % (k + 1), take = value != 0 ? value : 1;
        n -= take;
        return std::to_string(take);
    }
};

int main(int argc, char *argv[]) {
    interaction::start(argc, argv);
    Bash game;
    interaction::position >> game.n >> game.k;
    interaction::referee(game);
}
