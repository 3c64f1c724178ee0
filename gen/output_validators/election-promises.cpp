// election-promises' output validator as a Kattis judge runs it:
// `validator INPUT ANSWER FEEDBACK_DIR < OUTPUT`, exit 42 to accept, 43 to
// reject with the reason in FEEDBACK_DIR/judgemessage.txt. Many answers are
// right, so the rules judge each: the team must say LOSE exactly when the
// jury does, and after WIN give n taxes (0 <= h' <= 2*10^18) that one move
// reaches, one city v lowered and only v's direct successors changed besides,
// and that lose for the opponent: with labels g(v) = mex of the successors'
// labels, every label's taxes XOR to 0 (the theorem of CF 1149E, which the
// workspace's brute checks against the rules). The input is trusted (the
// input validator checked it). O(n + m).
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static std::string feedback;

[[noreturn]] static void verdict(int code, const std::string &message) {
    if (!feedback.empty()) {
        if (FILE *f = fopen((feedback + "/judgemessage.txt").c_str(), "w")) {
            fprintf(f, "%s\n", message.c_str());
            fclose(f);
        }
    }
    exit(code);
}

[[noreturn]] static void wrong(const std::string &message) { verdict(43, message); }
[[noreturn]] static void jury_error(const std::string &message) { verdict(1, "judge error: " + message); }

// The next whitespace-separated token of f, or "" at the end.
static std::string token(FILE *f) {
    std::string s;
    int c = fgetc(f);
    while (c != EOF && isspace(c)) c = fgetc(f);
    while (c != EOF && !isspace(c) && s.size() < 32) s += (char)c, c = fgetc(f);
    return s;
}

// A decimal integer in 0..hi, no sign, no leading zeros; -1 if it is not one.
static long long number(const std::string &s, long long hi) {
    if (s.empty() || s.size() > 19 || (s[0] == '0' && s.size() > 1)) return -1;
    unsigned long long x = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return -1;
        x = x * 10 + (unsigned long long)(c - '0');
    }
    return x > (unsigned long long)hi ? -1 : (long long)x;
}

static long long jury_number(FILE *f) {
    long long x = number(token(f), 4000000000000000000LL);
    if (x < 0) jury_error("the input is not the problem's format");
    return x;
}

int main(int argc, char **argv) {
    if (argc < 4) jury_error("usage: validator INPUT ANSWER FEEDBACK_DIR < OUTPUT");
    feedback = argv[3];
    FILE *in = fopen(argv[1], "r"), *ans = fopen(argv[2], "r");
    if (!in || !ans) jury_error("cannot open the input or the answer");
    int n = (int)jury_number(in), m = (int)jury_number(in);
    std::vector<long long> h(n + 1);
    for (int v = 1; v <= n; v++) h[v] = jury_number(in);
    std::vector<int> start(n + 2, 0), from(m), to(m), succ(m), indegree(n + 1, 0);
    for (int e = 0; e < m; e++) {
        from[e] = (int)jury_number(in), to[e] = (int)jury_number(in);
        if (from[e] < 1 || from[e] > n || to[e] < 1 || to[e] > n) jury_error("a road leaves 1..n");
        start[from[e]]++, indegree[to[e]]++;
    }
    std::string expected = token(ans);
    if (expected != "WIN" && expected != "LOSE") jury_error("the answer is neither WIN nor LOSE");

    std::string said = token(stdin);
    if (said != "WIN" && said != "LOSE") wrong("expected WIN or LOSE, got `" + said + "`");
    if (said != expected) wrong("said " + said + ", but the first player " + (expected == "WIN" ? "wins" : "loses"));
    if (said == "LOSE") {
        if (!token(stdin).empty()) wrong("output after LOSE");
        verdict(42, "");
    }
    std::vector<long long> next(n + 1);
    for (int v = 1; v <= n; v++) {
        std::string t = token(stdin);
        if (t.empty()) wrong("fewer than n taxes after WIN");
        next[v] = number(t, 2000000000000000000LL);
        if (next[v] < 0) wrong("tax " + std::to_string(v) + " is not an integer in 0..2*10^18: `" + t + "`");
    }
    if (!token(stdin).empty()) wrong("more than n taxes after WIN");

    // Reachable in one move: some lowered city v, every other change at a successor of v.
    for (int v = 1; v <= n + 1; v++) start[v] += start[v - 1];
    for (int e = 0; e < m; e++) succ[--start[from[e]]] = to[e];
    std::vector<int> changed;
    for (int v = 1; v <= n; v++) {
        if (next[v] != h[v]) changed.push_back(v);
    }
    if (changed.empty()) wrong("the position is the input's: no move was made");
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
    if (mover == 0) wrong("no single move reaches the position: no lowered city whose direct successors hold every other change");

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
    if ((int)order.size() != n) jury_error("the roads form a directed cycle");
    std::vector<int> label(n + 1, 0), seen(n + 2, 0);
    for (int i = n - 1; i >= 0; i--) {
        int v = order[i];
        for (int j = start[v]; j < start[v + 1]; j++) seen[label[succ[j]]] = v;
        while (seen[label[v]] == v) label[v]++;
    }
    std::vector<long long> x(n + 1, 0);
    for (int v = 1; v <= n; v++) x[label[v]] ^= next[v];
    for (int k = 0; k <= n; k++) {
        if (x[k] != 0) wrong("the move from city " + std::to_string(mover) + " leaves a position the opponent wins");
    }
    verdict(42, "");
}
