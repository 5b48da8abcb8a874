// The power and thermal sensor: a workload reads its core's die temperature and power, as
// lm_sensors would (millidegrees Celsius, microwatts). Register layout in
// include/kasane/devices.h. With several cores each context reads its own core's die: the one
// sensor window answers with the readings of the core that makes the access.
#pragma once

#include <functional>

#include "dev/reg_device.h"

namespace kasane {

class Sensor : public RegDevice {
 public:
  // The readings come from the reading core's power model, at the moment of the access.
  Sensor(sc_core::sc_module_name name, std::function<double()> temperature_c,
         std::function<double()> power_w);

 protected:
  bool read(uint32_t offset, uint32_t& value, const sc_core::sc_time& when) override;
  bool write(uint32_t offset, uint32_t value, const sc_core::sc_time& when) override;

 private:
  std::function<double()> temperature_c_, power_w_;
};

}  // namespace kasane
