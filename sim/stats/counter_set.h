// A set of named counters: how statistics per region of interest are measured, the gem5 way
// (m5_reset_stats / m5_dump_stats). Every model that keeps statistics lists its raw counters
// into a CounterSet (counters()) and builds its stats.json figures from one (report()); the
// whole run is report(counters now), a region is report(counters at its end - counters at its
// begin). The two come out of the same code, so they cannot disagree, and a counter a model adds
// to its counters() is covered in both without anything else to change.
//
// A counter is an event count (an integer) or an accumulated amount (energy in joules, a real).
// Names starting with "gauge." are levels, not accumulations (the die temperature): subtracting
// keeps the later level instead.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace kasane {

class CounterSet {
 public:
  void set(const std::string& name, uint64_t n) { v_[name].n = n; }
  void set_real(const std::string& name, double x) { v_[name].x = x; }
  // 0 for a name never set.
  uint64_t count(const std::string& name) const {
    auto it = v_.find(name);
    return it == v_.end() ? 0 : it->second.n;
  }
  double real(const std::string& name) const {
    auto it = v_.find(name);
    return it == v_.end() ? 0.0 : it->second.x;
  }
  bool has(const std::string& name) const { return v_.count(name) != 0; }
  size_t size() const { return v_.size(); }

  // Counter by counter; a name only on the right counts as 0 on the left.
  CounterSet& operator+=(const CounterSet& b) {
    for (const auto& [name, v] : b.v_) {
      Value& a = v_[name];
      if (is_gauge(name)) {
        a = v;
      } else {
        a.n += v.n;
        a.x += v.x;
      }
    }
    return *this;
  }
  CounterSet& operator-=(const CounterSet& b) {
    for (const auto& [name, v] : b.v_) {
      if (is_gauge(name)) continue;
      Value& a = v_[name];
      a.n -= v.n;
      a.x -= v.x;
    }
    return *this;
  }
  friend CounterSet operator-(CounterSet a, const CounterSet& b) { return a -= b; }

  // Every counter of `b`, named `prefix` + its name ("core1." in a machine's snapshot).
  void add_prefixed(const std::string& prefix, const CounterSet& b) {
    for (const auto& [name, v] : b.v_) v_[prefix + name] = v;
  }
  // The counters whose names start with `prefix`, without it.
  CounterSet under(const std::string& prefix) const {
    CounterSet out;
    for (auto it = v_.lower_bound(prefix); it != v_.end(); ++it) {
      if (it->first.compare(0, prefix.size(), prefix) != 0) break;
      out.v_[it->first.substr(prefix.size())] = it->second;
    }
    return out;
  }
  friend CounterSet operator+(CounterSet a, const CounterSet& b) { return a += b; }
  // f(name, count, amount) for every counter, in name order (a checkpoint saves them so).
  template <typename F>
  void for_each(F&& f) const {
    for (const auto& [name, v] : v_) f(name, v.n, v.x);
  }

 private:
  struct Value {
    uint64_t n = 0;
    double x = 0;
  };
  // "gauge.x", also under a prefix ("core1.gauge.x").
  static bool is_gauge(const std::string& name) {
    return name.compare(0, 6, "gauge.") == 0 || name.find(".gauge.") != std::string::npos;
  }
  std::map<std::string, Value> v_;
};

}  // namespace kasane
