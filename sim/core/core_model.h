// A core's model (sim.model) behind one small interface: the ISS alone, or a timing model (the
// in-order pipeline, ...) that drives the ISS. Core makes one virtual call per advance; inside,
// the per-cycle loop (run_loop.h) is a template on the concrete model, which is itself a template
// on the functional model (core/pipeline/functional.h), so no cycle pays for an indirect call.
// A new model is a folder with a class that has TimedModel's P functions, and a line in
// core_models.cc.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "core/bpred.h"
#include "core/core_power.h"
#include "core/iss.h"
#include "core/run_loop.h"
#include "stats/counter_set.h"

namespace kasane {

// sim.model's values.
enum class ModelKind : uint8_t { kIss, kPipeline, kO3 };
// Throws std::invalid_argument naming the value and the choices.
ModelKind parse_model(const std::string& name);

class CoreModel {
 public:
  virtual ~CoreModel() = default;
  // A timing model, with a clock, caches and statistics of its own; false for the ISS alone.
  virtual bool timed() const = 0;
  // Run until cycle `end` or a stop (run_loop.h).
  virtual void run(uint64_t end) = 0;
  virtual uint64_t cycle() const = 0;
  // Its clock starts at `cycle`, the ISS's (after a fast-forward, a restore): nothing in flight.
  virtual void start_at(uint64_t cycle) = 0;
  // No context runs and nothing is in flight.
  virtual bool quiescent() = 0;
  // The run ends at `now`: what the ISS has executed and is still in flight retires.
  virtual void finish(uint64_t now) = 0;
  // Its raw counters (stats/counter_set.h), and stats.json's figures from counters taken over
  // `cycles` cycles (the whole run's, or a region's difference); null for the ISS alone.
  virtual void counters(CounterSet& out) const = 0;
  virtual nlohmann::json report(const CounterSet& counters, uint64_t cycles) const = 0;
  // The reference check (sim.check): retired instructions that differ from the ISS's stream.
  virtual uint64_t check_failures() const = 0;
  virtual std::string first_check_failure() const = 0;
  // The branch predictor a fast-forward's warm-up trains (core/warmer.h), or null.
  virtual BranchPredictor* predictor() = 0;
};

// The ISS alone: one instruction per running context per cycle; its power is charged once a
// quantum (Core::settle).
class IssAlone final : public CoreModel {
 public:
  explicit IssAlone(Iss& iss) : iss_(iss) {}
  bool timed() const override { return false; }
  void run(uint64_t end) override { iss_.run(end - iss_.cycle()); }
  uint64_t cycle() const override { return iss_.cycle(); }
  void start_at(uint64_t) override {}
  bool quiescent() override { return !iss_.any_running(); }
  void finish(uint64_t) override {}
  void counters(CounterSet&) const override {}
  nlohmann::json report(const CounterSet&, uint64_t) const override { return nullptr; }
  uint64_t check_failures() const override { return 0; }
  std::string first_check_failure() const override { return ""; }
  BranchPredictor* predictor() override { return nullptr; }

 private:
  Iss& iss_;
};

// A timing model P that drives the ISS, with its own clock, charging each cycle to the core's
// power. P has
//   bool quiescent(); void tick(uint64_t now); void idle(uint64_t cycles);
//   void finish(uint64_t now); void counters(CounterSet&) const;
//   nlohmann::json report(const CounterSet&, uint64_t cycles) const;
//   uint64_t check_failures() const; const std::string& first_check_failure() const;
//   BranchPredictor& predictor();
template <typename P>
class TimedModel final : public CoreModel {
 public:
  TimedModel(std::unique_ptr<P> p, Iss& iss, CorePower& power, bool idle_skip)
      : p_(std::move(p)), iss_(iss), power_(power), idle_skip_(idle_skip) {}

  bool timed() const override { return true; }
  void run(uint64_t end) override {
    Loop loop{*p_, power_};
    run_cycles(loop, iss_, cycle_, end, idle_skip_);
    power_.flush();
  }
  uint64_t cycle() const override { return cycle_; }
  void start_at(uint64_t cycle) override { cycle_ = cycle; }
  bool quiescent() override { return p_->quiescent(); }
  void finish(uint64_t now) override { p_->finish(now); }
  void counters(CounterSet& out) const override { p_->counters(out); }
  nlohmann::json report(const CounterSet& c, uint64_t cycles) const override {
    return p_->report(c, cycles);
  }
  uint64_t check_failures() const override { return p_->check_failures(); }
  std::string first_check_failure() const override { return p_->first_check_failure(); }
  BranchPredictor* predictor() override { return &p_->predictor(); }
  P& model() { return *p_; }

 private:
  // P as run_cycles sees it: every cycle, ticked or skipped, is charged to the power model.
  struct Loop {
    P& p;
    CorePower& power;
    bool quiescent() { return p.quiescent(); }
    void tick(uint64_t now) {
      p.tick(now);
      power.charge(1);
    }
    void idle(uint64_t, uint64_t cycles) {
      p.idle(cycles);
      power.charge(cycles);
    }
  };

  std::unique_ptr<P> p_;
  Iss& iss_;
  CorePower& power_;
  bool idle_skip_;
  uint64_t cycle_ = 0;
};

}  // namespace kasane
