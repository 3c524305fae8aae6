package pricing

import "strconv"

// appendFactor writes a factor's trace line, « × zone géographique
// (zone 3, Loiret) : 1,00 », with the part it multiplies when it is not
// the whole premium, and returns its value for the profile; skip is true
// for a factor that does not apply (the floor of a house).
func (q *quote) appendFactor(b []byte, f *factor) (out []byte, v float64, skip bool) {
	if f.id == fFloor && q.pr.answers.Dwelling != "apartment" {
		return b, 1, true
	}
	b = append(b, "× "...)
	b = append(b, f.label...)
	b = append(b, " ("...)
	b, v = q.appendDetail(b, f)
	b = append(b, ')')
	if f.part >= 0 {
		b = append(b, ", sur la part "...)
		b = append(b, q.p.partLabels[f.part]...)
	}
	b = append(b, nbsp+": "...)
	return appendCoefficient(b, v), v, false
}

// appendDetail writes what a factor read of the profile and returns its value.
func (q *quote) appendDetail(b []byte, f *factor) ([]byte, float64) {
	pr, a := &q.pr, q.pr.answers
	switch factorSpecs[f.id].kind {
	case kindZone:
		key := strconv.Itoa(pr.dept.zone)
		b = append(append(append(b, "zone "...), key...), ", "...)
		return append(b, pr.dept.name...), f.values[key]
	case kindGroup:
		return q.appendGroup(b), f.values[strconv.Itoa(pr.group)]
	case kindClass:
		c := q.t.classes[pr.vehicle.Kind][pr.class]
		b = append(append(append(b, "classe "...), c.Class...), nbsp+": valeur "...)
		if pr.vehicleAge == 0 {
			b = append(b, "à neuf "...)
		} else {
			b = append(b, "estimée "...)
		}
		b = appendWholeEuros(b, pr.valueCents)
		b = strconv.AppendInt(append(b, ", "...), int64(pr.vehicle.PowerKw), 10)
		return append(b, nbsp+"kW"...), f.values[c.Class]
	case kindChoice:
		key := factorSpecs[f.id].field
		answer := choiceAnswer(a, key)
		return append(b, q.choiceLabel(key, answer)...), f.values[answer]
	case kindBands:
		n := q.number(f.id)
		return appendBandDetail(b, f.id, n), bandValue(f.bands, n)
	case kindDays:
		return appendDays(b, f.bands, int64(a.Days))
	case kindYoung:
		return q.appendYoung(b, f)
	case kindCRM:
		if pr.crmHistory {
			return append(b, "calculé sur votre historique d’assurance"...), pr.crm.Float()
		}
		return append(b, "relevé d’information"...), pr.crm.Float()
	}
	return b, 1
}

// number is the number a banded factor reads.
func (q *quote) number(id factorID) int64 {
	switch id {
	case fVehicleAge:
		return int64(q.pr.vehicleAge)
	case fDriverAge:
		return int64(q.pr.age)
	}
	return intAnswer(q.pr.answers, factorSpecs[id].field)
}

// bandValue returns the value of the band n falls in (the last beyond).
func bandValue(bands []fileBand, n int64) float64 {
	for _, b := range bands {
		if n <= b.Max {
			return b.Value
		}
	}
	return bands[len(bands)-1].Value
}

// appendDays prices a temporary contract's days: each day costs its
// band's rate of a day's premium, so a longer contract never costs less.
func appendDays(b []byte, bands []fileBand, days int64) ([]byte, float64) {
	units, from := 0.0, int64(0)
	b = append(strconv.AppendInt(b, days, 10), " jours"+nbsp+": "...)
	for i, band := range bands {
		n := min(days, band.Max) - from
		if n <= 0 {
			break
		}
		if i > 0 {
			b = append(b, " + "...)
		}
		b = append(strconv.AppendInt(b, n, 10), " × "...)
		b = appendCoefficient(b, band.Value)
		units += float64(n) * band.Value
		from = band.Max
	}
	return b, units
}

// appendYoung applies the surcharge of A335-9-1 for the year of licence.
func (q *quote) appendYoung(b []byte, f *factor) ([]byte, float64) {
	pr := &q.pr
	table, with := f.young[0], "sans conduite accompagnée"
	if pr.supervised {
		table, with = f.young[1], "après la conduite accompagnée"
	}
	if pr.licenceYears >= len(table) {
		return append(b, "permis depuis 3 ans ou plus"+nbsp+": pas de surprime"...), 1
	}
	s := youngSurcharge(f.young, pr.licenceYears, pr.supervised)
	b = append(b, ordinal(pr.licenceYears+1)...)
	b = append(append(append(b, " année de permis, "...), with...), nbsp+": surprime de "...)
	return appendPercent(b, s), 1 + s
}

// youngSurcharge is the surcharge of a novice driver (A335-9-1) in the
// given year of licence (0 for the first), after supervised driving or not.
func youngSurcharge(young [2][3]float64, years int, supervised bool) float64 {
	table := young[0]
	if supervised {
		table = young[1]
	}
	if years < 0 || years >= len(table) {
		return 0
	}
	return table[years]
}

// appendGroup writes the liability group and what it is derived from.
func (q *quote) appendGroup(b []byte) []byte {
	v := q.pr.vehicle
	b = append(strconv.AppendInt(append(b, "groupe "...), int64(q.pr.group), 10), nbsp+": "...)
	switch {
	case v.Kind == VehicleMoto && v.Cc == 0:
		b = append(b, "électrique, "...)
	case v.Kind == VehicleMoto:
		b = append(strconv.AppendInt(b, int64(v.Cc), 10), nbsp+"cm³, "...)
	default:
		b = append(strconv.AppendInt(b, int64(v.FiscalPower), 10), nbsp+"CV, "...)
	}
	return append(strconv.AppendInt(b, int64(v.PowerKw), 10), nbsp+"kW"...)
}

func (q *quote) choiceLabel(key, id string) string {
	for _, c := range q.p.field[key].Choices {
		if c.ID == id {
			return c.Label
		}
	}
	return id
}

// appendBandDetail writes the number a banded factor read, with its unit.
func appendBandDetail(b []byte, id factorID, n int64) []byte {
	switch id {
	case fYearlyKm:
		return append(appendThousands(b, n), nbsp+"km par an"...)
	case fDriverAge:
		return appendPlural(b, n, "an", "ans")
	case fVehicleAge:
		if n == 0 {
			return append(b, "moins d’un an"...)
		}
		return appendPlural(b, n, "an", "ans")
	case fClaims36:
		if n == 0 {
			return append(b, "aucun"...)
		}
		return appendPlural(b, n, "sinistre", "sinistres")
	case fNamedDrivers:
		if n == 0 {
			return append(b, "aucun"...)
		}
		return appendPlural(b, n, "conducteur", "conducteurs")
	case fContents:
		return appendWholeEuros(b, n)
	case fSurface:
		return append(strconv.AppendInt(b, n, 10), nbsp+"m²"...)
	case fRooms:
		return appendPlural(b, n, "pièce", "pièces")
	}
	return strconv.AppendInt(b, n, 10)
}

func appendPlural(b []byte, n int64, one, many string) []byte {
	b = append(appendThousands(b, n), nbsp...)
	if n < 2 {
		return append(b, one...)
	}
	return append(b, many...)
}

// appendWholeEuros writes an amount without its cents: « 21 500 € ».
func appendWholeEuros(b []byte, cents int64) []byte {
	return append(appendThousands(b, cents/100), nbsp+"€"...)
}
