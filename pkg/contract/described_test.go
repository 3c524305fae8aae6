package contract_test

import (
	"encoding/json"
	"strings"
	"testing"

	"courtier/pkg/contract"
	"courtier/pkg/instant"
)

// describedAsk is onlineAsks[product] with a vehicle not in the
// catalogue instead of the catalogue's: a 2008 Dacia Logan bought
// 2 500 € (a 2021 one for a VTC, which is under 7 years), or a 2012
// Kymco Agility 125.
func describedAsk(product string) instant.Ask {
	ask := onlineAsks[product]
	a := &ask.Answers
	a.VehicleID, a.VehicleYear = "", 2008
	a.VehicleMake, a.VehicleModel, a.VehicleEnergy, a.VehicleFiscalPower = "Dacia", "Logan", "diesel", 5
	a.VehicleValueKind, a.VehicleValueCents = "paid", 250000
	if product == "vtc" {
		a.VehicleYear = 2021
	}
	if product == "moto" {
		a.VehicleYear, a.VehicleFiscalPower = 2012, 0
		a.VehicleMake, a.VehicleModel, a.VehicleEnergy, a.VehicleCc, a.VehicleLicence = "Kymco", "Agility 125", "essence", 125, "A1"
	}
	return ask
}

// TestDescribedVehicleContract: a contract subscribed from the price of
// a vehicle not in the catalogue carries it, flagged for staff, with the
// answers it was described by; its premium stays the engine's; its
// papers name it. Answers changed to a vehicle of the catalogue take the
// flag away.
func TestDescribedVehicleContract(t *testing.T) {
	for _, product := range []string{"car", "moto", "vtc", "temp"} {
		t.Run(product, func(t *testing.T) {
			f := newFixture(t)
			ask := describedAsk(product)
			c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: f.keptPrice(t, f.marie, ask), StartDate: "2026-03-10", Details: details()})
			if err != nil {
				t.Fatal(err)
			}
			a := ask.Answers
			v := c.Risk.Vehicle
			if v == nil || v.ID != "" || v.Make != a.VehicleMake || v.Model != a.VehicleModel || v.Energy != a.VehicleEnergy || v.Registration != "AB-123-CD" || !c.Risk.VehicleDescribed {
				t.Fatalf("vehicle %+v, described %v", v, c.Risk.VehicleDescribed)
			}
			raw, _ := json.Marshal(c)
			if !strings.Contains(string(raw), `"vehicleDescribed":true`) {
				t.Errorf("the contract's JSON lacks the flag: %s", raw)
			}
			lines := map[string]string{}
			for _, l := range c.Risk.Lines {
				lines[l[0]] = l[1]
			}
			if lines["Marque"] != a.VehicleMake || lines["Modèle"] != a.VehicleModel || lines["Montant"] != "2\u202f500,00\u00a0€" ||
				lines["Le montant que vous indiquez"] != "le prix que vous l’avez payé" {
				t.Errorf("risk lines %v", c.Risk.Lines)
			}
			f.wantPriced(t, c)
			c = f.sign(t, c)
			proof := map[string]string{"car": contract.DocMemo, "moto": contract.DocMemo, "vtc": contract.DocMemo, "temp": "attestation"}[product]
			pdf, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", doc(t, c, proof, false).ID)
			if err != nil {
				t.Fatal(err)
			}
			if text := pdfText(t, pdf.Data); !strings.Contains(text, a.VehicleMake) || !strings.Contains(text, a.VehicleModel) {
				t.Errorf("%s does not name the vehicle:\n%s", proof, text)
			}
		})
	}
	t.Run("back to the catalogue", func(t *testing.T) {
		f := newFixture(t)
		c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: f.keptPrice(t, f.marie, describedAsk("car")), StartDate: "2026-03-10", Details: details()})
		if err != nil {
			t.Fatal(err)
		}
		c, err = f.app.Contracts.Update(f.ctx, f.marie, c.ID, contract.Details{Answers: json.RawMessage(`{"vehicleId": "peugeot-208-12-puretech-100", "vehicleYear": 2019,
			"vehicleMake": null, "vehicleModel": null, "vehicleEnergy": null, "vehicleFiscalPower": null, "vehicleValueKind": null, "vehicleValueCents": null}`)}, "")
		if err != nil {
			t.Fatal(err)
		}
		if v := c.Risk.Vehicle; v.ID != "peugeot-208-12-puretech-100" || c.Risk.VehicleDescribed || v.Registration != "AB-123-CD" {
			t.Errorf("vehicle %+v, described %v", v, c.Risk.VehicleDescribed)
		}
		f.wantPriced(t, c)
	})
}
