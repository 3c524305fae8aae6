package pricing

// The lines of the trace (« Pourquoi ce prix ? »), in plain French. They
// are built in the quote's scratch buffer: a full car quote writes about
// a hundred of them.

// factorLine: « × zone géographique (zone 3, Loiret) : 1,00 », with the
// part it multiplies when it is not the whole premium.
func (q *quote) factorLine(f *factor, detail string, v float64) string {
	b := append(q.buf[:0], "× "...)
	b = append(b, f.label...)
	b = append(b, " ("...)
	b = append(b, detail...)
	b = append(b, ')')
	if f.part >= 0 {
		b = append(b, ", sur la part "...)
		b = append(b, q.p.partLabels[f.part]...)
	}
	b = append(b, nbsp+": "...)
	b = appendCoefficient(b, v)
	q.buf = b
	return string(b)
}

// baseLine: « Prime de base Tiers étendu : 770,00 € (responsabilité
// civile 440,00 €, autres garanties 330,00 €) ».
func (q *quote) baseLine(f *formula, base []int64) string {
	label := "Prime de base " + f.label
	if q.p.temporary {
		label = "Prime de base d’un jour, " + f.label
	}
	var total int64
	for _, c := range base {
		total += c
	}
	return q.partsLine(label, total, base)
}

// partsLine writes an amount and its split between the product's parts.
func (q *quote) partsLine(label string, total int64, parts []int64) string {
	b := append(q.buf[:0], label...)
	b = append(b, nbsp+": "...)
	b = appendEuros(b, total)
	b = append(b, " ("...)
	for i, c := range parts {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, q.p.partLabels[i]...)
		b = append(b, ' ')
		b = appendEuros(b, c)
	}
	b = append(b, ')')
	q.buf = b
	return string(b)
}

// amountLine: « Total des taxes : 150,00 € ».
func (q *quote) amountLine(label string, cents int64) string {
	b := append(q.buf[:0], label...)
	b = append(b, nbsp+": "...)
	b = appendEuros(b, cents)
	q.buf = b
	return string(b)
}

// taxLine: « Taxe sur les conventions d’assurance, responsabilité civile :
// 33 % de 263,52 € = 86,96 € ».
func (q *quote) taxLine(tx *tax, base, amount int64) string {
	b := append(q.buf[:0], tx.label...)
	b = append(b, nbsp+": "...)
	b = append(b, Percent(tx.rate)...)
	b = append(b, " de "...)
	b = appendEuros(b, base)
	b = append(b, " = "...)
	b = appendEuros(b, amount)
	q.buf = b
	return string(b)
}

// monthlyLine: « Mensualité : 598,12 € × 1,02 (frais de fractionnement
// mensuel 2 %) ÷ 12 = 50,84 € ».
func (q *quote) monthlyLine(yearly int64, surcharge float64, monthly int64) string {
	b := append(q.buf[:0], "Mensualité"+nbsp+": "...)
	b = appendEuros(b, yearly)
	b = append(b, " × "...)
	b = appendCoefficient(b, 1+surcharge)
	b = append(b, " (frais de fractionnement mensuel "...)
	b = append(b, Percent(surcharge)...)
	b = append(b, ") ÷ 12 = "...)
	b = appendEuros(b, monthly)
	q.buf = b
	return string(b)
}
