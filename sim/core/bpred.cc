// The direction policies (one small function each), their 2-bit counter tables, the per-context
// global histories and the direct-mapped BTB.
#include "core/bpred.h"

#include <cassert>
#include <stdexcept>

namespace kasane {

namespace {

struct PredictorName {
  PredictorKind kind;
  const char* name;
};
// The one list of policies: parsing, naming and the error message all read it.
constexpr PredictorName kPredictors[] = {
    {PredictorKind::kNotTaken, "not_taken"},
    {PredictorKind::kBimodal, "bimodal"},
    {PredictorKind::kGshare, "gshare"},
    {PredictorKind::kTournament, "tournament"},
};

constexpr uint32_t kMaxHistoryBits = 20;
// Counters start weakly not taken: one taken outcome is enough to flip a cold branch.
constexpr uint8_t kWeaklyNotTaken = 1;
constexpr uint8_t kCounterMax = 3;

bool is_power_of_two(uint32_t v) { return v != 0 && (v & (v - 1)) == 0; }

void require_power_of_two(const char* field, uint32_t v) {
  if (!is_power_of_two(v))
    throw std::invalid_argument(std::string("branch predictor: ") + field + " = " +
                                std::to_string(v) + " must be a power of two");
}

// MIPS instructions are word aligned, so the low two pc bits carry no information.
uint32_t word_index(uint32_t pc) { return pc >> 2; }

void count(uint8_t& c, bool taken) {
  if (taken && c < kCounterMax) ++c;
  if (!taken && c > 0) --c;
}

}  // namespace

PredictorKind parse_predictor(const std::string& name) {
  std::string choices;
  for (const PredictorName& p : kPredictors) {
    if (name == p.name) return p.kind;
    choices += choices.empty() ? "" : ", ";
    choices += p.name;
  }
  throw std::invalid_argument("unknown branch predictor '" + name + "' (choices: " + choices + ")");
}

const char* predictor_name(PredictorKind k) {
  for (const PredictorName& p : kPredictors)
    if (p.kind == k) return p.name;
  return "?";
}

BranchPredictor::BranchPredictor(const PredictorConfig& cfg, unsigned contexts) : cfg_(cfg) {
  if (contexts == 0) throw std::invalid_argument("branch predictor: contexts must be at least 1");
  const bool has_counters = cfg.kind != PredictorKind::kNotTaken;
  if (has_counters) require_power_of_two("table_entries", cfg.table_entries);
  const bool has_history =
      cfg.kind == PredictorKind::kGshare || cfg.kind == PredictorKind::kTournament;
  if (has_history && (cfg.history_bits == 0 || cfg.history_bits > kMaxHistoryBits))
    throw std::invalid_argument("branch predictor: history_bits = " +
                                std::to_string(cfg.history_bits) + " must be between 1 and " +
                                std::to_string(kMaxHistoryBits));
  require_power_of_two("btb_entries", cfg.btb_entries);
  if (has_counters) counters_.assign(cfg.table_entries, kWeaklyNotTaken);
  if (cfg.kind == PredictorKind::kTournament) {
    local_history_.assign(cfg.table_entries, 0);
    local_.assign(size_t{1} << cfg.history_bits, kWeaklyNotTaken);
    choice_.assign(cfg.table_entries, kWeaklyNotTaken);  // trust the local counters at first
  }
  history_.assign(contexts, 0);
  btb_.resize(cfg.btb_entries);
}

uint32_t BranchPredictor::counter_index(uint32_t history, uint32_t pc) const {
  const uint32_t mask = cfg_.table_entries - 1;
  switch (cfg_.kind) {
    case PredictorKind::kNotTaken: return 0;
    case PredictorKind::kBimodal: return word_index(pc) & mask;
    case PredictorKind::kGshare: return (word_index(pc) ^ history) & mask;
    case PredictorKind::kTournament: return history & mask;  // the global counters
  }
  return 0;
}

bool BranchPredictor::lookup(uint32_t history, uint32_t pc) const {
  if (cfg_.kind == PredictorKind::kNotTaken) return false;
  const bool global = counters_[counter_index(history, pc)] > kWeaklyNotTaken;
  if (cfg_.kind != PredictorKind::kTournament) return global;
  const uint32_t mask = cfg_.table_entries - 1;
  const uint32_t local_history = local_history_[word_index(pc) & mask];
  const bool local = local_[local_history] > kWeaklyNotTaken;
  return choice_[history & mask] > kWeaklyNotTaken ? global : local;
}

void BranchPredictor::train(uint32_t history, uint32_t pc, bool taken) {
  if (cfg_.kind == PredictorKind::kNotTaken) return;
  uint8_t& global = counters_[counter_index(history, pc)];
  if (cfg_.kind == PredictorKind::kTournament) {
    // The chooser moves toward the component that was right, when they disagreed; each
    // component learns the outcome; the branch's local history takes it.
    const uint32_t mask = cfg_.table_entries - 1;
    uint32_t& local_history = local_history_[word_index(pc) & mask];
    uint8_t& local = local_[local_history];
    const bool global_right = (global > kWeaklyNotTaken) == taken;
    const bool local_right = (local > kWeaklyNotTaken) == taken;
    if (global_right != local_right) count(choice_[history & mask], global_right);
    count(local, taken);
    local_history = shifted(local_history, taken);
  }
  count(global, taken);
}

bool BranchPredictor::predict(unsigned ctx, uint32_t pc) const {
  assert(ctx < history_.size());
  return lookup(history_[ctx], pc);
}

void BranchPredictor::update(unsigned ctx, uint32_t pc, bool taken) {
  if (cfg_.kind == PredictorKind::kNotTaken) return;
  train(history_[ctx], pc, taken);
  if (cfg_.kind == PredictorKind::kGshare || cfg_.kind == PredictorKind::kTournament)
    history_[ctx] = shifted(history_[ctx], taken);
}

bool BranchPredictor::predict_speculative(unsigned ctx, uint32_t pc, bool always,
                                          uint32_t& snapshot) {
  snapshot = history_[ctx];
  const bool taken = always || lookup(snapshot, pc);
  if (cfg_.kind == PredictorKind::kGshare || cfg_.kind == PredictorKind::kTournament)
    history_[ctx] = shifted(snapshot, taken);
  return taken;
}

void BranchPredictor::update_from(unsigned, uint32_t pc, bool taken, uint32_t snapshot) {
  train(snapshot, pc, taken);
}

void BranchPredictor::restore_history(unsigned ctx, uint32_t snapshot, bool shift, bool taken) {
  if (cfg_.kind != PredictorKind::kGshare && cfg_.kind != PredictorKind::kTournament) return;
  history_[ctx] = shift ? shifted(snapshot, taken) : snapshot;
}

std::optional<uint32_t> BranchPredictor::predict_target(unsigned ctx, uint32_t pc) const {
  // Shared and untagged by context: threads of one process and the kernel run the same code, so a
  // target one context learnt serves the others; a wrong one is caught when the jump resolves.
  (void)ctx;
  const BtbEntry& e = btb_[word_index(pc) & (cfg_.btb_entries - 1)];
  if (e.valid && e.pc == pc) return e.target;
  return std::nullopt;
}

void BranchPredictor::update_target(unsigned ctx, uint32_t pc, uint32_t target) {
  (void)ctx;
  btb_[word_index(pc) & (cfg_.btb_entries - 1)] = BtbEntry{true, pc, target};
}

void BranchPredictor::record(bool correct) {
  ++stats_.lookups;
  ++(correct ? stats_.correct : stats_.mispredicts);
}

void BranchPredictor::record_target(bool hit) {
  ++stats_.btb_lookups;
  if (hit) ++stats_.btb_hits;
}

}  // namespace kasane
