package pricing

import "strconv"

// value returns a factor's multiplier for the profile and the detail the
// trace shows in brackets; ok is false for a factor that does not apply
// (the floor of a house).
func (q *quote) value(f *factor) (v float64, detail string, ok bool) {
	pr, a := q.pr, q.pr.answers
	switch factorSpecs[f.id].kind {
	case kindZone:
		return f.values[strconv.Itoa(pr.dept.zone)], "zone " + strconv.Itoa(pr.dept.zone) + ", " + pr.dept.name, true
	case kindGroup:
		return f.values[strconv.Itoa(pr.group)], q.groupDetail(), true
	case kindClass:
		c := q.t.classes[pr.vehicle.Kind][pr.class]
		return f.values[c.Class], "classe " + c.Class + "\u00a0: valeur à neuf " + wholeEuros(pr.vehicle.ValueNewCents) + ", " + strconv.Itoa(pr.vehicle.PowerKw) + "\u00a0kW", true
	case kindChoice:
		key := factorSpecs[f.id].field
		if key == "floor" && a.Dwelling != "apartment" {
			return 0, "", false
		}
		answer := choiceAnswer(a, key)
		return f.values[answer], q.choiceLabel(key, answer), true
	case kindBands:
		n := q.number(f.id)
		return bandValue(f.bands, n), bandDetail(f.id, n), true
	case kindDays:
		return dayUnits(f.bands, int64(a.Days))
	case kindYoung:
		return q.young(f)
	case kindCRM:
		if pr.crmHistory {
			return pr.crm.Float(), "calculé sur votre historique d’assurance", true
		}
		return pr.crm.Float(), "relevé d’information", true
	}
	return 1, "", false
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

// dayUnits prices a temporary contract's days: each day costs its band's
// rate of a day's premium, so a longer contract never costs less.
func dayUnits(bands []fileBand, days int64) (float64, string, bool) {
	units, from := 0.0, int64(0)
	detail := strconv.FormatInt(days, 10) + " jours\u00a0: "
	for i, b := range bands {
		n := min(days, b.Max) - from
		if n <= 0 {
			break
		}
		if i > 0 {
			detail += " + "
		}
		detail += strconv.FormatInt(n, 10) + " × " + Coefficient(b.Value)
		units += float64(n) * b.Value
		from = b.Max
	}
	return units, detail, true
}

// young applies the surcharge of A335-9-1 for the year of licence.
func (q *quote) young(f *factor) (float64, string, bool) {
	pr := q.pr
	table, with := f.young[0], "sans conduite accompagnée"
	if pr.supervised {
		table, with = f.young[1], "après la conduite accompagnée"
	}
	if pr.licenceYears >= len(table) {
		return 1, "permis depuis 3 ans ou plus\u00a0: pas de surprime", true
	}
	s := table[pr.licenceYears]
	return 1 + s, ordinal(pr.licenceYears+1) + " année de permis, " + with + "\u00a0: surprime de " + Percent(s), true
}

func (q *quote) groupDetail() string {
	v := q.pr.vehicle
	d := "groupe " + strconv.Itoa(q.pr.group) + "\u00a0: "
	if v.Kind == "moto" {
		if v.Cc == 0 {
			return d + "électrique, " + strconv.Itoa(v.PowerKw) + "\u00a0kW"
		}
		return d + strconv.Itoa(v.Cc) + "\u00a0cm³, " + strconv.Itoa(v.PowerKw) + "\u00a0kW"
	}
	return d + strconv.Itoa(v.FiscalPower) + "\u00a0CV, " + strconv.Itoa(v.PowerKw) + "\u00a0kW"
}

func (q *quote) choiceLabel(key, id string) string {
	for _, c := range q.p.field[key].Choices {
		if c.ID == id {
			return c.Label
		}
	}
	return id
}

// bandDetail writes the number a banded factor read, with its unit.
func bandDetail(id factorID, n int64) string {
	switch id {
	case fYearlyKm:
		return string(appendThousands(nil, n)) + "\u00a0km par an"
	case fDriverAge:
		return plural(n, "an", "ans")
	case fVehicleAge:
		if n == 0 {
			return "moins d’un an"
		}
		return plural(n, "an", "ans")
	case fClaims36:
		if n == 0 {
			return "aucun"
		}
		return plural(n, "sinistre", "sinistres")
	case fNamedDrivers:
		if n == 0 {
			return "aucun"
		}
		return plural(n, "conducteur", "conducteurs")
	case fContents:
		return wholeEuros(n)
	case fSurface:
		return strconv.FormatInt(n, 10) + "\u00a0m²"
	case fRooms:
		return plural(n, "pièce", "pièces")
	}
	return strconv.FormatInt(n, 10)
}

func plural(n int64, one, many string) string {
	if n < 2 {
		return strconv.FormatInt(n, 10) + "\u00a0" + one
	}
	return string(appendThousands(nil, n)) + "\u00a0" + many
}

// wholeEuros writes an amount without its cents: « 21 500 € ».
func wholeEuros(cents int64) string {
	return string(appendThousands(nil, cents/100)) + "\u00a0€"
}
