// green-hackenbush-interactive, deliberately wrong (the built-in players `parity` and
// `first-move` at once): First iff the number of edges is odd, then always the first edge still
// there. It loses on a path of two edges from the root (`3 2 / 1 2 / 2 3`, worth 2: First wins,
// it says Second); the interactor must say wrong answer.
#include <cstdio>
#include <vector>

static int n, m;
static std::vector<int> eu, ev;
static std::vector<char> there;

// Deletes edge e and every edge no longer connected to the root (vertex 1).
static void remove(int e) {
    if (e >= 0) there[e] = 0;
    std::vector<char> seen(n + 1, 0);
    seen[1] = 1;
    for (bool grew = true; grew;) {
        grew = false;
        for (int f = 0; f < m; f++)
            if (there[f] && seen[eu[f]] != seen[ev[f]]) seen[eu[f]] = seen[ev[f]] = 1, grew = true;
    }
    for (int f = 0; f < m; f++)
        if (!seen[eu[f]]) there[f] = 0;
}

static void move() {
    for (int e = 0; e < m; e++)
        if (there[e]) {
            remove(e);
            printf("%d\n", e + 1);
            fflush(stdout);
            return;
        }
}

int main() {
    if (scanf("%d %d", &n, &m) != 2) return 1;
    eu.resize(m), ev.resize(m), there.assign(m, 1);
    for (int e = 0; e < m; e++)
        if (scanf("%d %d", &eu[e], &ev[e]) != 2) return 1;
    remove(-1);
    bool first = m % 2 == 1;
    puts(first ? "First" : "Second");
    fflush(stdout);
    if (first) move();
    int e;
    while (scanf("%d", &e) == 1 && e > 0) {
        remove(e - 1);
        move();
    }
    return 0;
}
