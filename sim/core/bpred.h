// Branch prediction of one SMT core: a direction predictor for conditional branches (a policy named
// by PredictorKind) and a branch target buffer for indirect jumps (JR/JALR). The tables are shared
// by the hardware contexts, as in a real SMT core; gshare and the tournament keep one global
// history per context so that the interleaving of contexts does not scramble each context's
// pattern.
//
// Two ways to use it. In order (the pipeline): predict, then update when the branch resolves,
// which trains and shifts the history. Speculatively (the out-of-order core): predict_speculative
// shifts the prediction into the history at once and returns the history it read, update_from
// trains from that history when the branch commits, and restore_history puts the history back
// when younger branches are squashed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kasane {

// tournament: the Alpha 21264's (Kessler, IEEE Micro 1999): a local predictor (a history per
// branch indexing 2-bit counters), a global one (2-bit counters indexed by the context's global
// history) and a chooser indexed by the global history that learns which of the two to trust.
enum class PredictorKind { kNotTaken, kBimodal, kGshare, kTournament };

// Parses "not_taken" | "bimodal" | "gshare" | "tournament"; throws std::invalid_argument naming the
// bad value and the choices.
PredictorKind parse_predictor(const std::string& name);
const char* predictor_name(PredictorKind k);

// No defaults worth having here: the machine config schema owns them. Zeros fail validation.
struct PredictorConfig {
  PredictorKind kind = PredictorKind::kNotTaken;
  uint32_t table_entries = 0;  // 2-bit counters (bimodal, gshare; each tournament table), power of 2
  uint32_t history_bits = 0;   // global history length per context (gshare, tournament; also its
                               // local histories), 1..20
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

  // ---- speculative use (see above); every kind, the ones without a history ignore it ----
  // Predict the conditional branch at `pc` (taken anyway if `always`: BEQ r,r and the like) and
  // shift the prediction into context ctx's history; `snapshot` gets the history it read.
  bool predict_speculative(unsigned ctx, uint32_t pc, bool always, uint32_t& snapshot);
  // Train with the outcome of a branch predicted from `snapshot`; the history is left alone.
  void update_from(unsigned ctx, uint32_t pc, bool taken, uint32_t snapshot);
  // Context ctx's history as it was when a prediction read `snapshot` (a squash), then with
  // `taken` shifted in if `shift` (a mispredicted branch that stays, with its real direction).
  void restore_history(unsigned ctx, uint32_t snapshot, bool shift, bool taken);
  uint32_t history(unsigned ctx) const { return history_[ctx]; }

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

  // Index of the counter for (history, pc); unused by kNotTaken.
  uint32_t counter_index(uint32_t history, uint32_t pc) const;
  // The direction read with global history `history`, and the training of the counters it read.
  bool lookup(uint32_t history, uint32_t pc) const;
  void train(uint32_t history, uint32_t pc, bool taken);
  uint32_t shifted(uint32_t history, bool taken) const {
    return ((history << 1) | (taken ? 1u : 0u)) & ((1u << cfg_.history_bits) - 1);
  }

  PredictorConfig cfg_;
  std::vector<uint8_t> counters_;  // 0..1 predict not taken, 2..3 taken (tournament: the global)
  // The tournament's local histories (by pc), its local counters (by local history) and its
  // chooser (by global history: 2..3 trust the global counters).
  std::vector<uint32_t> local_history_;
  std::vector<uint8_t> local_, choice_;
  std::vector<uint32_t> history_;  // per context, newest outcome in bit 0
  std::vector<BtbEntry> btb_;
  Stats stats_;
};

}  // namespace kasane
