package pricing

import "strconv"

// The words of a described vehicle: the first line of its prices' trace,
// and the line staff read on its lead.

// describedLine is the trace's first line for a described vehicle:
// « Véhicule décrit par vos soins : Renault Clio 2006, 5 CV, diesel
// (63 kW estimés), valeur à neuf 15 000 € ».
func describedLine(p *product, v *Vehicle, a *Answers, share float64, age int) string {
	b := make([]byte, 0, 192)
	b = append(b, "Véhicule décrit par vos soins"+nbsp+": "...)
	b = append(b, v.Make...)
	b = append(append(b, ' '), v.Model...)
	b = strconv.AppendInt(append(b, ' '), int64(a.VehicleYear), 10)
	b = append(b, ", "...)
	switch {
	case v.Kind == VehicleCar:
		b = append(strconv.AppendInt(b, int64(v.FiscalPower), 10), nbsp+"CV, "...)
	case v.Cc > 0:
		b = append(appendThousands(b, int64(v.Cc)), nbsp+"cm³, "...)
	}
	if v.Kind == VehicleMoto {
		b = append(append(append(b, "permis "...), v.Licence...), ", "...)
	}
	b = append(b, choiceLabel(p.field["vehicleEnergy"], v.Energy)...)
	b = append(strconv.AppendInt(append(b, " ("...), int64(v.PowerKw), 10), nbsp+"kW estimés), "...)
	if a.VehicleValueKind != "paid" {
		return string(appendWholeEuros(append(b, "valeur à neuf "...), v.ValueNewCents))
	}
	b = appendWholeEuros(append(b, "valeur à neuf estimée "...), v.ValueNewCents)
	b = appendWholeEuros(append(b, " (prix payé "...), a.VehicleValueCents)
	b = appendCoefficient(append(b, " ÷ "...), share)
	b = append(b, ", la part de sa valeur à neuf que garde un véhicule de "...)
	if age == 0 {
		return string(append(b, "moins d’un an)"...))
	}
	return string(append(appendPlural(b, int64(age), "an", "ans"), ')'))
}

// DescribedSummary writes a vehicle the client described, for staff:
// « Renault Clio 2006, 5 CV, diesel, valeur à neuf 15 000 € »; "" when
// the answers name a vehicle of the catalogue.
func (t *Tariff) DescribedSummary(product string, a Answers) string {
	name := a.DescribedName()
	p := t.products[product]
	if name == "" || p == nil || p.field["vehicleEnergy"] == nil {
		return name
	}
	b := append([]byte(name), ", "...)
	switch {
	case p.vehicleKind == VehicleCar:
		b = append(strconv.AppendInt(b, int64(a.VehicleFiscalPower), 10), nbsp+"CV, "...)
	case a.VehicleCc > 0:
		b = append(appendThousands(b, int64(a.VehicleCc)), nbsp+"cm³, "...)
	}
	if p.vehicleKind == VehicleMoto && a.VehicleLicence != "" {
		b = append(append(append(b, "permis "...), a.VehicleLicence...), ", "...)
	}
	b = append(append(b, choiceLabel(p.field["vehicleEnergy"], a.VehicleEnergy)...), ", "...)
	if a.VehicleValueKind == "paid" {
		b = append(b, "prix payé "...)
	} else {
		b = append(b, "valeur à neuf "...)
	}
	return string(appendWholeEuros(b, a.VehicleValueCents))
}

// fmtThousands writes n with its thousands apart: « 1 200 ».
func fmtThousands(n int64) string { return string(appendThousands(nil, n)) }
