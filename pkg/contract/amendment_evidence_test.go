package contract_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/store"
)

// twoAmendments signs marie's car contract, then a move and a named
// driver more: two signed amendments, n° 1 and n° 2.
func (f *fixture) twoAmendments(t *testing.T) (*contract.Contract, []*contract.Amendment) {
	t.Helper()
	c := f.sign(t, f.draft(t))
	a1, _ := f.amend(t, c, contract.AmendmentDraft{Kind: "address", EffectiveDate: "2026-04-01",
		Changes: changes(map[string]any{"address": "3 quai du Port", "postalCode": "13002", "city": "Marseille"})})
	a2, after := f.amend(t, c, contract.AmendmentDraft{Kind: "driver", EffectiveDate: "2026-06-10", Changes: changes(map[string]any{"namedDrivers": 3})})
	return after, []*contract.Amendment{a1, a2}
}

// avenant is c's signed avenant n.
func avenant(t *testing.T, c *contract.Contract, n string) contract.Document {
	t.Helper()
	for _, d := range c.Documents {
		if d.Kind == contract.DocAmendment && d.Signed && d.Title == "Avenant n°\u00a0"+n+" au contrat n°\u00a0"+c.Number {
			return d
		}
	}
	t.Fatalf("%s has no avenant n° %s: %+v", c.Number, n, c.Documents)
	return contract.Document{}
}

// A signed amendment's evidence is stored with its SHA-256 and names the
// signed documents as stored: the avenant and the new conditions.
func TestAmendmentEvidenceVerifies(t *testing.T) {
	f := newFixture(t)
	c, list := f.twoAmendments(t)
	if err := f.app.Contracts.VerifyEvidence(f.ctx, f.agent, c.ID); err != nil {
		t.Fatalf("two signed amendments do not verify: %v", err)
	}
	for i, a := range list {
		var body, sum string
		err := f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
			return tx.QueryRowContext(f.ctx, "SELECT evidence, evidence_sha256 FROM amendments WHERE id = ?", a.ID).Scan(&body, &sum)
		})
		if err != nil {
			t.Fatal(err)
		}
		var ev contract.Evidence
		if err := json.Unmarshal([]byte(body), &ev); err != nil || len(sum) != 64 {
			t.Fatalf("evidence %s, sha256 %q (%v)", body, sum, err)
		}
		av := avenant(t, c, string(rune('1'+i)))
		var kinds []string
		for _, e := range ev.Signed {
			i := slices.IndexFunc(c.Documents, func(d contract.Document) bool { return d.ID == e.ID && d.SHA256 == e.SHA256 && d.Signed })
			if i < 0 {
				t.Fatalf("the evidence names %+v, not stored", e)
			}
			kinds = append(kinds, c.Documents[i].Kind)
		}
		if !slices.ContainsFunc(ev.Signed, func(e contract.EvidenceDocument) bool { return e.ID == av.ID }) ||
			!slices.Equal(kinds, []string{contract.DocAmendment, contract.DocConditions}) {
			t.Errorf("avenant n° %d: the evidence names %+v", a.N, ev.Signed)
		}
	}
}

// Any change to an amendment's evidence, or to a signed document it
// names, fails the verification with what changed.
func TestAmendmentEvidenceTampered(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(f *fixture, c *contract.Contract, list []*contract.Amendment) []string // SQL, its arguments after the first
		want   string
	}{
		{"evidence edited", func(f *fixture, c *contract.Contract, list []*contract.Amendment) []string {
			return []string{"UPDATE amendments SET evidence = REPLACE(evidence, '203.0.113.7', '203.0.113.8') WHERE id = ?", list[0].ID}
		}, "La preuve de signature de l’avenant n°\u00a01 a été modifiée après la signature."},
		{"hash removed", func(f *fixture, c *contract.Contract, list []*contract.Amendment) []string {
			return []string{"UPDATE amendments SET evidence_sha256 = NULL WHERE id = ?", list[1].ID}
		}, "La preuve de signature de l’avenant n°\u00a02 a été modifiée après la signature."},
		{"evidence of another amendment", func(f *fixture, c *contract.Contract, list []*contract.Amendment) []string {
			// Moved with its hash, it still hashes right: its reference
			// names amendment 2.
			return []string{`UPDATE amendments SET evidence = (SELECT evidence FROM amendments WHERE id = ?),
				evidence_sha256 = (SELECT evidence_sha256 FROM amendments WHERE id = ?) WHERE id = ?`, list[1].ID, list[1].ID, list[0].ID}
		}, "La preuve de signature de l’avenant n°\u00a01 a été modifiée après la signature."},
		{"signed avenant swapped", func(f *fixture, c *contract.Contract, list []*contract.Amendment) []string {
			// Another sealed file, intact, in its place.
			return []string{"UPDATE contract_documents SET sha256 = ? WHERE id = ?", avenant(t, c, "2").SHA256, avenant(t, c, "1").ID}
		}, "Le document «\u00a0Avenant n°\u00a01 au contrat n°\u00a0%s\u00a0» signé à l’avenant n°\u00a01 est introuvable ou a changé."},
		{"signed avenant deleted", func(f *fixture, c *contract.Contract, list []*contract.Amendment) []string {
			return []string{"DELETE FROM contract_documents WHERE id = ?", avenant(t, c, "2").ID}
		}, "Le document «\u00a0Avenant n°\u00a02 au contrat n°\u00a0%s\u00a0» signé à l’avenant n°\u00a02 est introuvable ou a changé."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			c, list := f.twoAmendments(t)
			q := tc.change(f, c, list)
			args := []any{}
			for _, a := range q[1:] {
				args = append(args, a)
			}
			err := f.app.Store.WriteTx(f.ctx, func(tx *store.Tx) error {
				_, err := tx.ExecContext(f.ctx, q[0], args...)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			err = f.app.Contracts.VerifyEvidence(f.ctx, f.agent, c.ID)
			wantErr(t, err, apperr.ECONFLICT, "")
			want := tc.want
			if strings.Contains(want, "%s") {
				want = strings.Replace(want, "%s", c.Number, 1)
			}
			if got := apperr.MessageOf(err); got != want {
				t.Errorf("message %q, want %q", got, want)
			}
		})
	}
}

// A byte changed in a signed avenant fails its hash, named.
func TestAmendmentEvidenceFailsOnAByte(t *testing.T) {
	f := newFixture(t)
	c, _ := f.twoAmendments(t)
	av := avenant(t, c, "1")
	err := f.app.Store.WriteTx(f.ctx, func(tx *store.Tx) error {
		var data []byte
		if err := tx.QueryRowContext(f.ctx, "SELECT data FROM files WHERE sha256 = ?", av.SHA256).Scan(&data); err != nil {
			return err
		}
		data[len(data)/2] ^= 1
		_, err := tx.ExecContext(f.ctx, "UPDATE files SET data = ? WHERE sha256 = ?", data, av.SHA256)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	err = f.app.Contracts.VerifyEvidence(f.ctx, f.agent, c.ID)
	wantErr(t, err, apperr.ECONFLICT, "")
	if got := apperr.MessageOf(err); !strings.Contains(got, av.Title) {
		t.Errorf("message %q does not name %q", got, av.Title)
	}
}
