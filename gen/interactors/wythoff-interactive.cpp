// wythoff-interactive's interactor (protocol: gen/src/judge/wythoff_interactive.rs): two piles; a
// move takes from one pile or equally from both. The cold positions (value 0) are the pairs
// (a_j, a_j + j) with a_j = floor(j phi) = floor((j + sqrt(5 j^2)) / 2), in exact integers
// (5 j^2 < 2^63 for the judge's piles up to 10^9). From a hot pair (x <= y, d = y - x) the jury
// moves to a cold one: both piles down to (a_d, a_d + d) when x > a_d; else x is a_j or
// a_j + j for one j (the two Beatty sequences cover every positive integer once), and the other
// pile goes down to its partner. From a cold pair any move is hot, so it takes one stone from the
// larger pile. O(1) per move. Reference: Wythoff, "A modification of the game of Nim" (1907).
#include <cmath>

#include "interaction.h"

// floor(sqrt(v)), exact.
static long long isqrt(long long v) {
    long long r = (long long)std::sqrt((double)v);
    while (r * r > v) r--;
    while ((r + 1) * (r + 1) <= v) r++;
    return r;
}

// a_j = floor(j phi).
static long long lower(long long j) { return (j + isqrt(5 * j * j)) / 2; }

// The cold pair holding x, as (x, partner): x is a_j (partner a_j + j) or a_j + j (partner a_j).
static long long partner(long long x) {
    long long j = (long long)(x / 1.618033988749895);
    for (long long i = std::max(0LL, j - 2); i <= j + 2; i++)
        if (lower(i) == x) return x + i;
    j = (long long)(x / 2.618033988749895);
    for (long long i = std::max(0LL, j - 2); i <= j + 2; i++)
        if (lower(i) + i == x) return lower(i);
    return -1;  // unreachable: every x >= 0 is in one sequence
}

struct Wythoff {
    static constexpr const char *over = "0 0";
    static constexpr const char *rejected = "-1 -1";
    long long pile[2];

    std::string text() const { return std::to_string(pile[0]) + " " + std::to_string(pile[1]); }

    bool has_move() const { return pile[0] > 0 || pile[1] > 0; }

    // Takes `x` as the protocol's `p x` says; false when not allowed.
    bool take(long long p, long long x) {
        long long most = p == 3 ? std::min(pile[0], pile[1]) : p == 1 || p == 2 ? pile[p - 1] : 0;
        if (x < 1 || x > most) return false;
        if (p != 2) pile[0] -= x;
        if (p != 1) pile[1] -= x;
        return true;
    }

    bool play(const std::string &line) {
        std::vector<long long> v;
        return interaction::integers(line, 2, v) && take(v[0], v[1]);
    }

    // The jury's move as `p x`.
    std::pair<long long, long long> choice() const {
        int small = pile[0] <= pile[1] ? 0 : 1, large = 1 - small;
        long long x = pile[small], y = pile[large], cold = lower(y - x);
        if (x == cold) return {large + 1, 1};
        if (x > cold) return {3, x - cold};
        return {large + 1, y - partner(x)};
    }

    std::string reply() {
        auto [p, x] = choice();
        take(p, x);
        return std::to_string(p) + " " + std::to_string(x);
    }
};

int main(int argc, char *argv[]) {
    interaction::start(argc, argv);
    Wythoff game;
    interaction::position >> game.pile[0] >> game.pile[1];
    interaction::referee(game);
}
