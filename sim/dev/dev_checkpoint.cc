// The devices' part of a checkpoint (--checkpoint-at, --restore): what each device holds beyond
// the registers the guest can read back. The UART keeps its byte of input lookahead and its
// output count (uart.max_output goes on counting); sim-control its latches, its regions of
// interest with their begin snapshots, and the reports; the block device its registers, its
// statistics and the request in flight, whose end is scheduled again at the same cycle; the IPI
// device its lines. Interrupt lines need no replay: the Cause bits they drive are part of each
// context's CP0 (core/iss_checkpoint.cc). The sensor holds nothing.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dev/blockdev.h"
#include "dev/ipi.h"
#include "dev/simctl.h"
#include "dev/uart.h"
#include "kasane/devices.h"
#include "platform/checkpoint_file.h"

namespace kasane {

namespace {

void check(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument(what);
}

nlohmann::json counters_json(const CounterSet& c) {
  nlohmann::json j = nlohmann::json::object();
  c.for_each([&](const std::string& name, uint64_t n, double x) { j[name] = {n, x}; });
  return j;
}

CounterSet counters_from(const nlohmann::json& j) {
  CounterSet c;
  for (const auto& item : j.items()) {
    c.set(item.key(), checked<uint64_t>(item.value().at(0)));
    c.set_real(item.key(), item.value().at(1).get<double>());
  }
  return c;
}

}  // namespace

// ---- UART ----

nlohmann::json Uart::save_state() const { return {{"next", next_}, {"tx_bytes", tx_bytes_}}; }

void Uart::restore_state(const nlohmann::json& j) {
  next_ = checked<int>(j.at("next"));
  check(next_ >= -2 && next_ <= 255, "the UART's input lookahead is not a byte");
  tx_bytes_ = checked<uint64_t>(j.at("tx_bytes"));
}

// ---- IPI ----

nlohmann::json Ipi::save_state() const { return {{"pending", pending_}, {"raised", raised_}}; }

void Ipi::restore_state(const nlohmann::json& j) {
  pending_ = checked<uint32_t>(j.at("pending"));
  raised_ = checked<uint64_t>(j.at("raised"));
}

// ---- block device ----

nlohmann::json BlockDev::save_state() const {
  return {{"sectors", sectors_},
          {"registers", {sector_, count_, dma_, status_, irq_ctx_}},
          {"line", line_},
          {"request",
           {req_.cmd, req_.sector, req_.count, req_.dma, req_.ram_offset, req_.issued,
            req_.done_at}},
          {"stats",
           {stats_.requests, stats_.refused, stats_.sectors_read, stats_.sectors_written,
            stats_.busy_cycles}}};
}

void BlockDev::restore_state(const nlohmann::json& j) {
  const uint32_t sectors = checked<uint32_t>(j.at("sectors"));
  check(sectors == sectors_, "its disk had " + std::to_string(sectors) +
                                 " sectors, the disk attached now has " +
                                 std::to_string(sectors_) + " (--disk, disk.image)");
  const nlohmann::json& r = j.at("registers");
  sector_ = checked<uint32_t>(r.at(0));
  count_ = checked<uint32_t>(r.at(1));
  dma_ = checked<uint32_t>(r.at(2));
  status_ = checked<uint32_t>(r.at(3));
  irq_ctx_ = checked<uint32_t>(r.at(4));
  check(irq_ctx_ < core_.num_contexts(), "the block device interrupts a context it cannot have");
  line_ = checked<bool>(j.at("line"));
  const nlohmann::json& q = j.at("request");
  req_ = Request{checked<uint32_t>(q.at(0)), checked<uint32_t>(q.at(1)), checked<uint32_t>(q.at(2)),
                 checked<uint32_t>(q.at(3)), checked<uint64_t>(q.at(4)), checked<uint64_t>(q.at(5)),
                 checked<uint64_t>(q.at(6))};
  const nlohmann::json& s = j.at("stats");
  stats_ = Stats{checked<uint64_t>(s.at(0)), checked<uint64_t>(s.at(1)), checked<uint64_t>(s.at(2)),
                 checked<uint64_t>(s.at(3)), checked<uint64_t>(s.at(4))};
  if (status_ & KASANE_BLK_STATUS_BUSY) {
    // The request was accepted, so it fit the disk and RAM then; the same must hold now.
    uint64_t offset = 0;
    check(req_.count >= 1 && req_.count <= KASANE_BLK_MAX_COUNT &&
              uint64_t{req_.sector} + req_.count <= sectors_ &&
              ram_offset(req_.dma, uint64_t{req_.count} * KASANE_BLK_SECTOR_SIZE, offset) &&
              offset == req_.ram_offset,
          "the block device's request in flight does not fit the disk and RAM");
    core_.schedule_event(req_.done_at, [this] { complete(); });
  }
}

// ---- sim-control ----

nlohmann::json SimCtl::save_state() const {
  nlohmann::json regions = nlohmann::json::array();
  for (const RegionOfInterest& r : regions_)
    regions.push_back({{"id", r.id},
                       {"entries", r.entries},
                       {"begin_cycle", r.begin_cycle},
                       {"end_cycle", r.end_cycle},
                       {"closed", r.closed},
                       {"at_begin", counters_json(r.at_begin)},
                       {"total", counters_json(r.total)},
                       {"begin_temp_c", r.begin_temp_c},
                       {"end_temp_c", r.end_temp_c}});
  nlohmann::json reports = nlohmann::json::array();
  for (const Report& r : reports_) reports.push_back({r.name, r.value});
  return {{"exit_status", exit_status_},
          {"cycle_hi_latch", cycle_hi_latch_},
          {"report_lo", report_lo_},
          {"report_hi", report_hi_},
          // Bytes, not text: the guest may have written anything there.
          {"report_name", nlohmann::json::binary(std::vector<uint8_t>(
                              report_name_, report_name_ + sizeof report_name_))},
          {"regions", regions},
          {"reports", reports}};
}

void SimCtl::restore_state(const nlohmann::json& j) {
  exit_status_ = checked<uint32_t>(j.at("exit_status"));
  cycle_hi_latch_ = checked<uint32_t>(j.at("cycle_hi_latch"));
  report_lo_ = checked<uint32_t>(j.at("report_lo"));
  report_hi_ = checked<uint32_t>(j.at("report_hi"));
  const std::vector<uint8_t>& name = j.at("report_name").get_binary();
  check(name.size() == sizeof report_name_, "the report name latch has the wrong size");
  std::copy(name.begin(), name.end(), report_name_);
  regions_.clear();
  index_.clear();
  for (const nlohmann::json& r : j.at("regions")) {
    RegionOfInterest roi;
    roi.id = checked<uint32_t>(r.at("id"));
    roi.entries = checked<unsigned>(r.at("entries"));
    roi.begin_cycle = checked<uint64_t>(r.at("begin_cycle"));
    roi.end_cycle = checked<uint64_t>(r.at("end_cycle"));
    roi.closed = checked<bool>(r.at("closed"));
    roi.at_begin = counters_from(r.at("at_begin"));
    roi.total = counters_from(r.at("total"));
    roi.begin_temp_c = r.at("begin_temp_c").get<double>();
    roi.end_temp_c = r.at("end_temp_c").get<double>();
    check(index_.emplace(roi.id, regions_.size()).second,
          "region " + std::to_string(roi.id) + " appears twice");
    regions_.push_back(std::move(roi));
  }
  reports_.clear();
  for (const nlohmann::json& r : j.at("reports"))
    reports_.push_back({r.at(0).get<std::string>(), checked<uint64_t>(r.at(1))});
}

void SimCtl::rebase_open_regions(const CounterSet& lost) {
  for (RegionOfInterest& r : regions_)
    if (!r.closed) r.at_begin -= lost;
}

}  // namespace kasane
