package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// TestContractDescribedVehicle: the contract view flags a vehicle the
// client described, not one of the catalogue.
func TestContractDescribedVehicle(t *testing.T) {
	for _, described := range []bool{false, true} {
		c := fakeContracts()[0]
		c.Risk.VehicleDescribed = described
		m := newTestScreen(t, newContractsScreen, &fakeScreensSource{}, 120, 36).(*contractsScreen)
		m.open = c
		text := m.detailText()
		if !strings.Contains(text, "Véhicule\u00a0: Peugeot 208 1.2 PureTech 100 · AB-123-CD") ||
			strings.Contains(text, "véhicule hors catalogue, décrit par le client") != described {
			t.Errorf("described %v:\n%s", described, text)
		}
	}
}

// TestLeadVehicle: a lead's lines begin with its vehicle, a version of
// the catalogue or one the client described, flagged.
func TestLeadVehicle(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	admin := account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "admin@exemple.fr", Password: "cheval-agrafe-correct-42", Role: account.RoleAdmin}, clock.Now()))
	catalogue := pricing.Answers{BirthDate: "1981-03-02", LicenceDate: "2001-05-10", BonusMalus: 0.6, PostalCode: "45000",
		VehicleID: "peugeot-208-12-puretech-100", Usage: "commute", Parking: "car-park", YearlyKm: 11000}
	described := catalogue
	described.VehicleID, described.VehicleYear, described.VehicleMake, described.VehicleModel = "", 2004, "Peugeot", "206"
	described.VehicleEnergy, described.VehicleFiscalPower, described.VehicleValueKind, described.VehicleValueCents = "diesel", 5, "new", 1450000
	tariff, err := a.Prices.Tariff()
	if err != nil {
		t.Fatal(err)
	}
	v, _ := tariff.Catalogue().Vehicle(catalogue.VehicleID)
	tests := []struct {
		answers pricing.Answers
		want    string
	}{
		{catalogue, v.Name()},
		{described, "Peugeot 206 2004, 5\u00a0CV, diesel, valeur à neuf 14\u202f500\u00a0€ · véhicule hors catalogue"},
	}
	src := NewAppSource(a, admin).(*appSource)
	for _, tt := range tests {
		q, key, err := a.Prices.Price(ctx, instant.Ask{Product: "car", Answers: tt.answers})
		if err != nil {
			t.Fatal(err)
		}
		kept, err := a.Prices.Keep(ctx, account.Visitor, q.ID, instant.Keeping{Key: key, Email: "paul@exemple.fr"})
		if err != nil {
			t.Fatal(err)
		}
		id := ""
		err = a.Store.ReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRowContext(ctx, "SELECT id FROM requests WHERE ref = ?", kept.Ref).Scan(&id)
		})
		if err != nil {
			t.Fatal(err)
		}
		d, err := src.Request(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Lines) == 0 || d.Lines[0] != [2]string{"Véhicule", tt.want} {
			t.Errorf("lines %q, want the vehicle %q first", d.Lines, tt.want)
		}
	}
}
