package pricing

import "strconv"

// The lines of the trace (« Pourquoi ce prix ? »), in plain French,
// written into the quote's buffer (see quote).

// baseLine: « Prime de base Tiers étendu : 770,00 € (responsabilité
// civile 440,00 €, autres garanties 330,00 €) ». It depends on the
// insurer and the formula only: Load writes it once.
func baseLine(p *product, f *formula, base []int64) string {
	label := "Prime de base " + f.label
	if p.temporary {
		label = "Prime de base d’un jour, " + f.label
	}
	var total int64
	for _, c := range base {
		total += c
	}
	return string(appendParts(nil, p, label, total, base))
}

// appendParts writes an amount and its split between the product's parts.
func appendParts(b []byte, p *product, label string, total int64, parts []int64) []byte {
	b = append(b, label...)
	b = append(b, nbsp+": "...)
	b = appendEuros(b, total)
	b = append(b, " ("...)
	for i, c := range parts {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, p.partLabels[i]...)
		b = append(b, ' ')
		b = appendEuros(b, c)
	}
	return append(b, ')')
}

// partsLine: « Prime hors taxes : 448,12 € (responsabilité civile …) ».
func (q *quote) partsLine(label string, total int64, parts []int64) {
	start := len(q.buf)
	q.buf = appendParts(q.buf, q.p, label, total, parts)
	q.line(start)
}

// amountLine: « Total des taxes : 150,00 € ».
func (q *quote) amountLine(label string, cents int64) {
	start := len(q.buf)
	q.buf = appendAmount(q.buf, label, cents)
	q.line(start)
}

// appendAmount writes « label : 150,00 € ».
func appendAmount(b []byte, label string, cents int64) []byte {
	b = append(b, label...)
	b = append(b, nbsp+": "...)
	return appendEuros(b, cents)
}

// periodLine: « Prix TTC pour 10 jours : 52,10 € ».
func (q *quote) periodLine(days int, cents int64) {
	start := len(q.buf)
	b := strconv.AppendInt(append(q.buf, "Prix TTC pour "...), int64(days), 10)
	q.buf = appendAmount(b, " jours", cents)
	q.line(start)
}

// taxLine: « Taxe sur les conventions d’assurance, responsabilité civile :
// 33 % de 263,52 € = 86,96 € ». The formulas of an insurer often tax the
// same liability part: the line written for the first serves the others.
func (q *quote) taxLine(i int, base, amount int64) {
	for _, s := range q.taxLines {
		if s.tax == i && s.base == base {
			q.lines = append(q.lines, s.line)
			return
		}
	}
	start := len(q.buf)
	b := append(q.buf, q.p.taxes[i].prefix...)
	b = appendEuros(b, base)
	b = append(b, " = "...)
	q.buf = appendEuros(b, amount)
	q.line(start)
	q.taxLines = append(q.taxLines, taxSeen{i, base, q.last()})
}

// appendValue writes the vehicle's estimated value and how it is
// estimated: « Valeur estimée du véhicule : 7 200 € (21 500 € à neuf ×
// 0,3348, barème de vétusté à 7 ans) ». The line precedes the damage
// class, which that value decides.
func (q *quote) appendValue(b []byte) []byte {
	pr := &q.pr
	b = append(b, "Valeur estimée du véhicule"+nbsp+": "...)
	b = appendWholeEuros(b, pr.valueCents)
	if pr.vehicleAge == 0 {
		return append(b, " (sa valeur à neuf, moins d’un an)"...)
	}
	s := q.t.depreciation[pr.vehicle.Kind]
	b = append(b, " ("...)
	b = appendWholeEuros(b, pr.vehicle.ValueNewCents)
	b = append(b, " à neuf × "...)
	b = appendCoefficient(b, s.kept[pr.vehicleAge])
	b = append(append(append(b, ", "...), q.t.depreciationLabel...), " à "...)
	b = appendPlural(b, int64(pr.vehicleAge), "an", "ans")
	if pr.vehicleAge >= s.floorFrom {
		b = append(b, nbsp+": son plancher"...)
	}
	return append(b, ')')
}

// monthlyLine: « Mensualité : 598,12 € × 1,02 (frais de fractionnement
// mensuel 2 %) ÷ 12 = 50,84 € ».
func (q *quote) monthlyLine(o *offerTable, yearly, monthly int64) {
	start := len(q.buf)
	b := append(q.buf, "Mensualité"+nbsp+": "...)
	b = appendEuros(b, yearly)
	b = append(b, o.monthlyText...)
	q.buf = appendEuros(b, monthly)
	q.line(start)
}

// monthlyText is the middle of an insurer's monthly line: « × 1,02
// (frais de fractionnement mensuel 2 %) ÷ 12 = ».
func monthlyText(surcharge float64) string {
	b := appendCoefficient([]byte(" × "), 1+surcharge)
	b = append(b, " (frais de fractionnement mensuel "...)
	b = appendPercent(b, surcharge)
	return string(append(b, ") ÷ 12 = "...))
}
