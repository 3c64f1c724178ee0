// election-promises' checker in testlib's convention (`check INPUT OUTPUT ANSWER`), for a Polygon
// package: the rules of gen/output_validators/election-promises.cpp (the Kattis validator) with
// testlib's streams. Many answers are right: the contestant must say LOSE exactly when the jury
// does, and after WIN give n taxes (0 <= h' <= 2*10^18) that one move reaches, one city v
// lowered and only v's direct successors changed besides, and that lose for the opponent: with
// labels g(v) = mex of the successors' labels, every label's taxes XOR to 0 (the theorem of
// CF 1149E, which the workspace's brute checks against the rules). O(n + m).
#include <string>
#include <vector>

#include "testlib.h"

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    int n = inf.readInt(), m = inf.readInt();
    std::vector<long long> h(n + 1);
    for (int v = 1; v <= n; v++) h[v] = inf.readLong();
    std::vector<int> start(n + 2, 0), from(m), to(m), succ(m), indegree(n + 1, 0);
    for (int e = 0; e < m; e++) {
        from[e] = inf.readInt(1, n), to[e] = inf.readInt(1, n);
        start[from[e]]++, indegree[to[e]]++;
    }
    std::string expected = ans.readToken();
    if (expected != "WIN" && expected != "LOSE") quitf(_fail, "the answer is neither WIN nor LOSE");

    std::string said = ouf.readToken();
    if (said != "WIN" && said != "LOSE") quitf(_wa, "expected WIN or LOSE, got `%s`", compress(said).c_str());
    if (said != expected) quitf(_wa, "said %s, but the first player %s", said.c_str(), expected == "WIN" ? "wins" : "loses");
    if (said == "LOSE") {
        if (!ouf.seekEof()) quitf(_wa, "output after LOSE");
        quitf(_ok, "LOSE");
    }
    std::vector<long long> next(n + 1);
    for (int v = 1; v <= n; v++) next[v] = ouf.readLong(0, 2000000000000000000LL, format("tax %d", v));
    if (!ouf.seekEof()) quitf(_wa, "more than n taxes after WIN");

    // Reachable in one move: some lowered city v, every other change at a successor of v.
    for (int v = 1; v <= n + 1; v++) start[v] += start[v - 1];
    for (int e = 0; e < m; e++) succ[--start[from[e]]] = to[e];
    std::vector<int> changed;
    for (int v = 1; v <= n; v++) {
        if (next[v] != h[v]) changed.push_back(v);
    }
    if (changed.empty()) quitf(_wa, "the position is the input's: no move was made");
    std::vector<char> is_changed(n + 1, 0);
    for (int v : changed) is_changed[v] = 1;
    int mover = 0;
    for (int v : changed) {
        if (next[v] >= h[v]) continue;
        int covered = 1;
        for (int j = start[v]; j < start[v + 1]; j++) covered += is_changed[succ[j]];
        if (covered == (int)changed.size()) {
            mover = v;
            break;
        }
    }
    if (mover == 0) quitf(_wa, "no single move reaches the position: no lowered city whose direct successors hold every other change");

    // The position must lose for the opponent: every label's XOR is 0.
    std::vector<int> order;
    for (int v = 1; v <= n; v++) {
        if (indegree[v] == 0) order.push_back(v);
    }
    for (size_t i = 0; i < order.size(); i++) {
        for (int j = start[order[i]]; j < start[order[i] + 1]; j++) {
            if (--indegree[succ[j]] == 0) order.push_back(succ[j]);
        }
    }
    if ((int)order.size() != n) quitf(_fail, "the roads form a directed cycle");
    std::vector<int> label(n + 1, 0), seen(n + 2, 0);
    for (int i = n - 1; i >= 0; i--) {
        int v = order[i];
        for (int j = start[v]; j < start[v + 1]; j++) seen[label[succ[j]]] = v;
        while (seen[label[v]] == v) label[v]++;
    }
    std::vector<long long> x(n + 1, 0);
    for (int v = 1; v <= n; v++) x[label[v]] ^= next[v];
    for (int k = 0; k <= n; k++) {
        if (x[k] != 0) quitf(_wa, "the move from city %d leaves a position the opponent wins", mover);
    }
    quitf(_ok, "WIN, a winning move from city %d", mover);
}
