package pricing

import (
	"math"
	"strings"
)

// maxVehicleAge is the oldest vehicle priced at once, in years since its
// year of first registration: older ones are collectors' cars, which
// these products do not insure. A product may ask less (a VTC).
const maxVehicleAge = 30

// schedule is a kind's barème de vétusté compiled: the share of the
// value new a vehicle keeps at each age, 0 to maxVehicleAge.
type schedule struct {
	// kept is rounded to four decimals, the figure the trace shows, so
	// that the estimated value is redone exactly with a calculator.
	kept [maxVehicleAge + 1]float64
	// floorFrom is the first age the floor holds the value up.
	floorFrom int
}

// depreciation checks the barème de vétusté of each kind of vehicle and
// compiles the share of the value new kept at each age.
func (l *loader) depreciation() error {
	d := l.f.Depreciation
	if strings.TrimSpace(d.Label) == "" || strings.TrimSpace(d.Source) == "" {
		return l.loc.errorf("depreciation", "le barème de vétusté («\u00a0depreciation\u00a0») doit avoir un libellé et une source")
	}
	l.t.depreciationLabel = d.Label
	l.t.depreciation = map[string]*schedule{}
	for _, kind := range []string{VehicleCar, VehicleMoto} {
		fs := d.Car
		if kind == VehicleMoto {
			fs = d.Moto
		}
		if fs == nil {
			return l.loc.errorf("depreciation", "barème de vétusté «\u00a0%s\u00a0» manquant", kind)
		}
		s, err := l.schedule(fs, "depreciation."+kind, kind)
		if err != nil {
			return err
		}
		l.t.depreciation[kind] = s
	}
	return nil
}

// schedule checks one kind's bands and floor: rates of a year's loss
// between 0 and 1, ages that grow up to maxVehicleAge, a floor that is
// a share of the value new.
func (l *loader) schedule(fs *fileSchedule, path, kind string) (*schedule, error) {
	if len(fs.Bands) == 0 {
		return nil, l.loc.errorf(path, "le barème de vétusté %s se donne par tranches d’âge («\u00a0bands\u00a0»)", kind)
	}
	for i, b := range fs.Bands {
		bp := pathIndex(path+".bands", i)
		switch {
		case b.Rate < 0 || b.Rate >= 1:
			return nil, l.loc.errorf(bp+".rate", "la décote d’une année du barème de vétusté %s est une part de la valeur, de 0 à moins de 1 (0,15 pour 15\u00a0%%)\u00a0: elle vaut %s", kind, formatNumber(b.Rate))
		case b.Max < 1 || i > 0 && b.Max <= fs.Bands[i-1].Max:
			return nil, l.loc.errorf(bp+".max", "les âges («\u00a0max\u00a0») du barème de vétusté %s doivent croître, à partir de 1 an", kind)
		}
	}
	if last := fs.Bands[len(fs.Bands)-1].Max; last < maxVehicleAge {
		return nil, l.loc.errorf(pathIndex(path+".bands", len(fs.Bands)-1)+".max", "la dernière tranche du barème de vétusté %s doit aller jusqu’à %d ans au moins", kind, maxVehicleAge)
	}
	if fs.Floor <= 0 || fs.Floor > 1 {
		return nil, l.loc.errorf(path+".floor", "le plancher du barème de vétusté %s est la part de la valeur à neuf gardée au moins, entre 0 et 1 (il vaut %s)", kind, formatNumber(fs.Floor))
	}
	s := &schedule{floorFrom: maxVehicleAge + 1}
	k, band := 1.0, 0
	s.kept[0] = 1
	for age := 1; age <= maxVehicleAge; age++ {
		for fs.Bands[band].Max < age {
			band++
		}
		k *= 1 - fs.Bands[band].Rate
		s.kept[age] = math.Round(k*10000) / 10000
		if s.kept[age] <= fs.Floor {
			s.kept[age] = fs.Floor
			s.floorFrom = min(s.floorFrom, age)
		}
	}
	return s, nil
}

// estimatedValue is the value of vehicle v at an age, by the schedule of
// its kind, to the nearest 100 €: the value new in its first year.
func (t *Tariff) estimatedValue(v *Vehicle, age int) int64 {
	if age <= 0 {
		return v.ValueNewCents
	}
	return int64(math.Round(float64(v.ValueNewCents)*t.keptShare(v.Kind, age)/10000)) * 10000
}

// keptShare is the share of its value new a vehicle of a kind keeps at
// an age, by the schedule: 1 in its first year.
func (t *Tariff) keptShare(kind string, age int) float64 {
	if age <= 0 {
		return 1
	}
	return t.depreciation[kind].kept[min(age, maxVehicleAge)]
}
