// Branch prediction of one SMT core: a direction predictor for conditional branches (a policy named
// by PredictorKind) and a branch target buffer for indirect jumps (JR/JALR). The tables are shared
// by the hardware contexts, as in a real SMT core; gshare keeps one global history per context so
// that the interleaving of contexts does not scramble each context's pattern.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kasane {

enum class PredictorKind { kNotTaken, kBimodal, kGshare };

// Parses "not_taken" | "bimodal" | "gshare"; throws std::invalid_argument naming the bad value and
// the choices.
PredictorKind parse_predictor(const std::string& name);
const char* predictor_name(PredictorKind k);

// No defaults worth having here: the machine config schema owns them. Zeros fail validation.
struct PredictorConfig {
  PredictorKind kind = PredictorKind::kNotTaken;
  uint32_t table_entries = 0;  // 2-bit counters (bimodal, gshare), power of two
  uint32_t history_bits = 0;   // global history length per context (gshare), 1..20
  uint32_t btb_entries = 0;    // direct-mapped BTB entries, power of two (every kind has a BTB)
};

class BranchPredictor {
 public:
  // Throws std::invalid_argument naming the field if `cfg` is not valid for its kind (fields the
  // kind does not use are not checked), or if `contexts` is 0.
  BranchPredictor(const PredictorConfig& cfg, unsigned contexts);

  // Direction of the conditional branch at `pc` of context `ctx`.
  bool predict(unsigned ctx, uint32_t pc) const;
  // Train with the outcome once the branch resolves (also shifts gshare's per-context history).
  // The counter trained is the one predict() reads with the history as it is now, so a context
  // should resolve a branch before it predicts its next one (true of an in-order pipeline).
  void update(unsigned ctx, uint32_t pc, bool taken);

  // Target of an indirect jump at `pc`, or nullopt if the BTB has no entry for that pc.
  std::optional<uint32_t> predict_target(unsigned ctx, uint32_t pc) const;
  void update_target(unsigned ctx, uint32_t pc, uint32_t target);

  // Counted by the pipeline, which alone knows whether a prediction was used and right.
  struct Stats {
    uint64_t lookups = 0;  // conditional branches resolved
    uint64_t correct = 0;
    uint64_t mispredicts = 0;
    uint64_t btb_lookups = 0;  // indirect jumps resolved
    uint64_t btb_hits = 0;     // ... whose BTB target was right
  };
  void record(bool correct);
  void record_target(bool hit);
  const Stats& stats() const { return stats_; }

  const PredictorConfig& config() const { return cfg_; }

 private:
  struct BtbEntry {
    bool valid = false;
    uint32_t pc = 0;  // the full pc is the tag: no false hits
    uint32_t target = 0;
  };

  // Index of the counter for (ctx, pc); unused by kNotTaken.
  uint32_t counter_index(unsigned ctx, uint32_t pc) const;

  PredictorConfig cfg_;
  std::vector<uint8_t> counters_;  // 0..1 predict not taken, 2..3 taken
  std::vector<uint32_t> history_;  // per context, newest outcome in bit 0
  std::vector<BtbEntry> btb_;
  Stats stats_;
};

}  // namespace kasane
