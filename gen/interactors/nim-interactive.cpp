// nim-interactive's interactor (protocol: gen/src/judge/nim_interactive.rs): the jury plays Nim
// perfectly by Bouton's theorem. The player to move loses iff the XOR of the piles is 0; from a
// non-zero XOR x the jury empties pile i down to a_i ^ x on the first pile where that is smaller.
// From XOR 0 it moves to the largest value it can: from a pile of bit length L, leaving
// a ^ (2^L - 1) makes the XOR 2^L - 1, so it takes from the pile of the greatest bit length.
// O(n) per move, with n <= 10 000 piles.
#include "interaction.h"

struct Nim {
    static constexpr const char *over = "0 0";
    static constexpr const char *rejected = "-1 -1";
    std::vector<long long> piles;
    long long x = 0;  // the XOR of the piles

    std::string text() const {
        std::string s = std::to_string(piles.size()) + "\n";
        for (size_t i = 0; i < piles.size(); i++) s += (i ? " " : "") + std::to_string(piles[i]);
        return s;
    }

    bool has_move() const {
        for (long long a : piles)
            if (a > 0) return true;
        return false;
    }

    void take(size_t i, long long stones) {
        x ^= piles[i] ^ (piles[i] - stones);
        piles[i] -= stones;
    }

    bool play(const std::string &line) {
        std::vector<long long> v;
        if (!interaction::integers(line, 2, v)) return false;
        long long i = v[0], stones = v[1];
        if (i < 1 || i > (long long)piles.size() || stones < 1 || stones > piles[i - 1]) return false;
        take(i - 1, stones);
        return true;
    }

    static int bit_length(long long a) { return a == 0 ? 0 : 64 - __builtin_clzll(a); }

    std::string reply() {
        size_t pick = 0;
        long long leave = 0;
        if (x != 0) {
            while ((piles[pick] ^ x) >= piles[pick]) pick++;
            leave = piles[pick] ^ x;
        } else {
            for (size_t i = 1; i < piles.size(); i++)
                if (bit_length(piles[i]) > bit_length(piles[pick])) pick = i;
            leave = piles[pick] ^ ((1LL << bit_length(piles[pick])) - 1);
        }
        long long stones = piles[pick] - leave;
        take(pick, stones);
        return std::to_string(pick + 1) + " " + std::to_string(stones);
    }
};

int main(int argc, char *argv[]) {
    interaction::start(argc, argv);
    Nim game;
    size_t n;
    interaction::position >> n;
    game.piles.resize(n);
    for (long long &a : game.piles) {
        interaction::position >> a;
        game.x ^= a;
    }
    interaction::referee(game);
}
