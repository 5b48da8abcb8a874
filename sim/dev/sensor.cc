// See sensor.h.
#include "dev/sensor.h"

#include <cmath>

#include "kasane/devices.h"

namespace kasane {

Sensor::Sensor(sc_core::sc_module_name name, std::function<double()> temperature_c,
               std::function<double()> power_w)
    : RegDevice(name, KASANE_SENSOR_SIZE),
      temperature_c_(std::move(temperature_c)),
      power_w_(std::move(power_w)) {}

bool Sensor::read(uint32_t offset, uint32_t& value, const sc_core::sc_time&) {
  switch (offset) {
    case KASANE_SENSOR_TEMP:
      value = static_cast<uint32_t>(std::lround(temperature_c_() * 1000.0));
      return true;
    case KASANE_SENSOR_POWER:
      value = static_cast<uint32_t>(std::lround(power_w_() * 1e6));
      return true;
  }
  return false;
}

bool Sensor::write(uint32_t offset, uint32_t, const sc_core::sc_time&) {
  return offset == KASANE_SENSOR_TEMP || offset == KASANE_SENSOR_POWER;  // read-only: ignored
}

}  // namespace kasane
