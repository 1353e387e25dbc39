/** The units a reading is recorded in; '' for a count or a meter reading with no unit shown. */
export type Unit = '°C' | 'L/min' | 'bar' | 'kW' | 'kPa' | 'm³/h' | 'kWh' | 'm³' | 'L' | '%' | 'h' | 'K' | '';
