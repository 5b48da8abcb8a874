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
    c.set(item.key(), item.value().at(0).get<uint64_t>());
    c.set_real(item.key(), item.value().at(1).get<double>());
  }
  return c;
}

}  // namespace

// ---- UART ----

nlohmann::json Uart::save_state() const { return {{"next", next_}, {"tx_bytes", tx_bytes_}}; }

void Uart::restore_state(const nlohmann::json& j) {
  next_ = j.at("next").get<int>();
  check(next_ >= -2 && next_ <= 255, "the UART's input lookahead is not a byte");
  tx_bytes_ = j.at("tx_bytes").get<uint64_t>();
}

// ---- IPI ----

nlohmann::json Ipi::save_state() const { return {{"pending", pending_}, {"raised", raised_}}; }

void Ipi::restore_state(const nlohmann::json& j) {
  pending_ = j.at("pending").get<uint32_t>();
  raised_ = j.at("raised").get<uint64_t>();
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
  const uint32_t sectors = j.at("sectors").get<uint32_t>();
  check(sectors == sectors_, "its disk had " + std::to_string(sectors) +
                                 " sectors, the disk attached now has " +
                                 std::to_string(sectors_) + " (--disk, disk.image)");
  const nlohmann::json& r = j.at("registers");
  sector_ = r.at(0).get<uint32_t>();
  count_ = r.at(1).get<uint32_t>();
  dma_ = r.at(2).get<uint32_t>();
  status_ = r.at(3).get<uint32_t>();
  irq_ctx_ = r.at(4).get<uint32_t>();
  check(irq_ctx_ < core_.num_contexts(), "the block device interrupts a context it cannot have");
  line_ = j.at("line").get<bool>();
  const nlohmann::json& q = j.at("request");
  req_ = Request{q.at(0).get<uint32_t>(), q.at(1).get<uint32_t>(), q.at(2).get<uint32_t>(),
                 q.at(3).get<uint32_t>(), q.at(4).get<uint64_t>(), q.at(5).get<uint64_t>(),
                 q.at(6).get<uint64_t>()};
  const nlohmann::json& s = j.at("stats");
  stats_ = Stats{s.at(0).get<uint64_t>(), s.at(1).get<uint64_t>(), s.at(2).get<uint64_t>(),
                 s.at(3).get<uint64_t>(), s.at(4).get<uint64_t>()};
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
  exit_status_ = j.at("exit_status").get<uint32_t>();
  cycle_hi_latch_ = j.at("cycle_hi_latch").get<uint32_t>();
  report_lo_ = j.at("report_lo").get<uint32_t>();
  report_hi_ = j.at("report_hi").get<uint32_t>();
  const std::vector<uint8_t>& name = j.at("report_name").get_binary();
  check(name.size() == sizeof report_name_, "the report name latch has the wrong size");
  std::copy(name.begin(), name.end(), report_name_);
  regions_.clear();
  index_.clear();
  for (const nlohmann::json& r : j.at("regions")) {
    RegionOfInterest roi;
    roi.id = r.at("id").get<uint32_t>();
    roi.entries = r.at("entries").get<unsigned>();
    roi.begin_cycle = r.at("begin_cycle").get<uint64_t>();
    roi.end_cycle = r.at("end_cycle").get<uint64_t>();
    roi.closed = r.at("closed").get<bool>();
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
    reports_.push_back({r.at(0).get<std::string>(), r.at(1).get<uint64_t>()});
}

void SimCtl::rebase_open_regions(const CounterSet& lost) {
  for (RegionOfInterest& r : regions_)
    if (!r.closed) r.at_begin -= lost;
}

}  // namespace kasane
