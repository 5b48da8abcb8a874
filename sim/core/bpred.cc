// The direction policies (one small function each), their 2-bit counter tables, the per-context
// gshare histories and the direct-mapped BTB.
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
  if (cfg.kind == PredictorKind::kGshare &&
      (cfg.history_bits == 0 || cfg.history_bits > kMaxHistoryBits))
    throw std::invalid_argument("branch predictor: history_bits = " +
                                std::to_string(cfg.history_bits) + " must be between 1 and " +
                                std::to_string(kMaxHistoryBits));
  require_power_of_two("btb_entries", cfg.btb_entries);
  if (has_counters) counters_.assign(cfg.table_entries, kWeaklyNotTaken);
  history_.assign(contexts, 0);
  btb_.resize(cfg.btb_entries);
}

uint32_t BranchPredictor::counter_index(unsigned ctx, uint32_t pc) const {
  assert(ctx < history_.size());
  const uint32_t mask = cfg_.table_entries - 1;
  switch (cfg_.kind) {
    case PredictorKind::kNotTaken: return 0;
    case PredictorKind::kBimodal: return word_index(pc) & mask;
    case PredictorKind::kGshare: return (word_index(pc) ^ history_[ctx]) & mask;
  }
  return 0;
}

bool BranchPredictor::predict(unsigned ctx, uint32_t pc) const {
  if (cfg_.kind == PredictorKind::kNotTaken) return false;
  return counters_[counter_index(ctx, pc)] > kWeaklyNotTaken;
}

void BranchPredictor::update(unsigned ctx, uint32_t pc, bool taken) {
  if (cfg_.kind == PredictorKind::kNotTaken) return;
  uint8_t& c = counters_[counter_index(ctx, pc)];
  if (taken && c < kCounterMax) ++c;
  if (!taken && c > 0) --c;
  if (cfg_.kind == PredictorKind::kGshare) {
    const uint32_t history_mask = (1u << cfg_.history_bits) - 1;
    history_[ctx] = ((history_[ctx] << 1) | (taken ? 1u : 0u)) & history_mask;
  }
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
