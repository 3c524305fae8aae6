package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"courtier/pkg/store"
)

// claimBody is a water damage on a home insured elsewhere.
const claimBody = `{"insurer":"Assurances Exemple SA","policyNumber":"AB-123456","product":"home","kind":"water",` +
	`"occurredAt":"2026-03-01","description":"Fuite sous l'évier de la cuisine, parquet gonflé.",` +
	`"answers":{"place":"12 rue des Lilas, Lyon","rooms":"Cuisine","waterStopped":"yes","waterSource":"mine"}}`

// claimEnv is a server where the client declared claimBody.
type claimEnv struct {
	*apiEnv
	people map[string]string
	id     string
}

func newClaimEnv(t *testing.T) *claimEnv {
	t.Helper()
	env := newAPI(t)
	e := &claimEnv{apiEnv: env, people: env.people(t)}
	res, body := e.do(t, "POST", "/api/claims", claimBody, e.people["client"])
	var made struct {
		Claim struct{ ID, Ref, Status, DeclareBy string }
	}
	if res.StatusCode != 201 || json.Unmarshal([]byte(body), &made) != nil || !strings.HasPrefix(made.Claim.Ref, "SN-2026-") ||
		made.Claim.Status != "declared" || made.Claim.DeclareBy != "2026-03-06" {
		t.Fatalf("POST /api/claims: %d %s", res.StatusCode, body)
	}
	e.id = made.Claim.ID
	return e
}

// upload sends a file to the claim as the site does.
func (e *claimEnv) upload(t *testing.T, name string, data []byte, who string) (int, string) {
	t.Helper()
	body, ctype := fileForm(t, name, data)
	res, out := apiScenario{method: "POST", path: "/api/claims/" + e.id + "/files", body: body, ctype: ctype, cookie: e.people[who]}.send(e.h)
	return res.StatusCode, out
}

// TestClaimsThroughTheAPI runs the API's scenarios: who may declare,
// read, write and move a claim, with the keys partners rely on.
func TestClaimsThroughTheAPI(t *testing.T) {
	e := newClaimEnv(t)
	base := "/api/claims/" + e.id
	desk := "/api/desk/requests/" + e.id
	for _, s := range []apiScenario{
		{name: "a visitor declares", method: "POST", path: "/api/claims", body: claimBody, as: "anonymous", status: 401},
		{name: "staff declare", method: "POST", path: "/api/claims", body: claimBody, as: "agent", status: 403},
		{name: "a bad declaration names every field", method: "POST", path: "/api/claims", body: `{"product":"home","kind":"water","occurredAt":"demain"}`, as: "client", status: 400, contains: []string{`"field":"insurer"`, `"field":"policyNumber"`, `"field":"occurredAt"`, `"field":"description"`}},
		{name: "an unknown key", method: "POST", path: "/api/claims", body: `{"contractId":"x","hack":1}`, as: "client", status: 400, contains: []string{"champ inconnu"}},
		{name: "not JSON", method: "POST", path: "/api/claims", body: `{`, as: "client", status: 400},
		{name: "the list", method: "GET", path: "/api/claims", as: "client", status: 200, contains: []string{`"claims":[{`, `"ref":"SN-2026-`, `"declareBy":"2026-03-06"`}},
		{name: "another's list is empty", method: "GET", path: "/api/claims", as: "other", status: 200, contains: []string{`"claims":[]`}},
		{name: "the claim", method: "GET", path: base, as: "client", status: 200, contains: []string{`"claim":{`, `"status":"declared"`, `"kindLabel":"Dégât des eaux"`, `"actions":["file","message"]`}},
		{name: "another's claim", method: "GET", path: base, as: "other", status: 404},
		{name: "a guessed id", method: "GET", path: "/api/claims/AAAAAAAAAAAAAAAAAAAAAAAAAA", as: "client", status: 404},
		{name: "staff on the client's path", method: "GET", path: base, as: "agent", status: 404},
		{name: "a visitor", method: "GET", path: base, as: "anonymous", status: 401},
		{name: "another writes", method: "POST", path: base + "/messages", body: `{"body":"Bonjour"}`, as: "other", status: 404},
		{name: "an empty message", method: "POST", path: base + "/messages", body: `{"body":"  "}`, as: "client", status: 400, contains: []string{`"field":"body"`}},
		{name: "the client writes", method: "POST", path: base + "/messages", body: `{"body":"J'ai coupé l'eau."}`, as: "client", status: 201, contains: []string{`"fromClient":true`}},
		{name: "the desk's view by a client", method: "GET", path: desk + "/claim", as: "client", status: 403},
		{name: "the desk's view", method: "GET", path: desk + "/claim", as: "agent", status: 200, contains: []string{`"canWork":false`, `"moves":[]`, `"email":"client@exemple.fr"`}},
		{name: "a move before taking it", method: "POST", path: desk + "/claim/status", body: `{"status":"transmitted","insurerRef":"EX-1"}`, as: "agent", status: 403},
		{name: "take it", method: "POST", path: desk + "/take", as: "agent", status: 200},
		{name: "the moves offered", method: "GET", path: desk + "/claim", as: "agent", status: 200, contains: []string{`"canWork":true`, `{"status":"transmitted","label":"Transmis à l’assureur","needs":"insurerRef"}`}},
		{name: "a move the machine refuses", method: "POST", path: desk + "/claim/status", body: `{"status":"indemnified","amountCents":100}`, as: "agent", status: 409},
		{name: "a move without its number", method: "POST", path: desk + "/claim/status", body: `{"status":"transmitted"}`, as: "agent", status: 400, contains: []string{`"field":"insurerRef"`}},
		{name: "a move by the client", method: "POST", path: desk + "/claim/status", body: `{"status":"transmitted","insurerRef":"EX-1"}`, as: "client", status: 403},
		{name: "transmitted", method: "POST", path: desk + "/claim/status", body: `{"status":"transmitted","insurerRef":"EX-2026-4411"}`, as: "agent", status: 200, contains: []string{`"insurerRef":"EX-2026-4411"`, `"status":"transmitted"`}},
		{name: "a piece asked", method: "POST", path: desk + "/claim/status", body: `{"status":"pieces","asked":"La facture du plombier."}`, as: "agent", status: 200, contains: []string{`"asked":"La facture du plombier."`}},
		{name: "the agent writes", method: "POST", path: base + "/messages", body: `{"body":"Merci de nous envoyer la facture."}`, as: "agent", status: 201, contains: []string{`"canWork":true`, `"fromClient":false`}},
		{name: "the client reads the step", method: "GET", path: base, as: "client", status: 200, contains: []string{`"status":"pieces"`, `"statusLabel":"En attente de pièces"`}},
		{name: "the counts", method: "GET", path: "/api/desk/claims/counts", as: "admin", status: 200, contains: []string{`"open":1`, `"answered":1`, `{"status":"pieces","label":"En attente de pièces","count":1}`}},
		{name: "the counts by a client", method: "GET", path: "/api/desk/claims/counts", as: "client", status: 403},
	} {
		s.run(t, e.h, e.people)
	}
	status, body := e.upload(t, "facture.png", pngOf(40, 30), "client")
	if status != 201 || !strings.Contains(body, `"status":"transmitted"`) || !strings.Contains(body, `"name":"facture.png"`) {
		t.Fatalf("the piece sent: %d %s", status, body)
	}
	var got struct {
		Claim struct{ Files []struct{ URL string } }
	}
	if json.Unmarshal([]byte(body), &got) != nil || len(got.Claim.Files) != 1 {
		t.Fatalf("files in %s", body)
	}
	for who, want := range map[string]int{"client": 200, "agent": 200, "other": 404, "anonymous": 401} {
		res, _ := e.do(t, "GET", got.Claim.Files[0].URL, "", e.people[who])
		if res.StatusCode != want {
			t.Errorf("the file read by %s: %d, want %d", who, res.StatusCode, want)
		}
		if want == 200 && (res.Header.Get("Content-Type") != "image/png" || res.Header.Get("X-Content-Type-Options") != "nosniff") {
			t.Errorf("the file's headers for %s: %v", who, res.Header)
		}
	}
}

// TestHostileClaimUploads: what is not a clean photo or PDF is refused
// with a French message on the field, and nothing is stored.
func TestHostileClaimUploads(t *testing.T) {
	e := newClaimEnv(t)
	count := func() int {
		return countRows(t, e.apiEnv, "SELECT COUNT(*) FROM files") + countRows(t, e.apiEnv, "SELECT COUNT(*) FROM claim_files")
	}
	before := count()
	js := []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
	big := append([]byte("%PDF-1.4\n"), make([]byte, 10<<20)...)
	for _, x := range []struct {
		name, file string
		data       []byte
		has        string
	}{
		{"a zip named as a photo", "photo.jpg", []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00" + strings.Repeat("x", 100)), "Ce type de fichier n’est pas accepté"},
		{"an HTML page named as a photo", "constat.jpg", []byte("<html><script>alert(1)</script></html>"), "Ce type de fichier n’est pas accepté"},
		{"an SVG with a script", "degats.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), "Ce type de fichier n’est pas accepté"},
		{"a PDF with JavaScript", "plainte.pdf", js, "contenu actif"},
		{"an image bomb", "photo.png", pngBomb(), "dépasse 20"},
		{"a file over 10 Mo", "gros.pdf", append(big, []byte("\n%%EOF\n")...), "10\u00a0Mo"},
		{"an empty file", "vide.jpg", nil, "vide"},
	} {
		status, body := e.upload(t, x.file, x.data, "client")
		if status != 400 || !strings.Contains(body, `"field":"file"`) || !strings.Contains(body, x.has) {
			t.Errorf("%s: %d %s, want 400 with %q", x.name, status, body, x.has)
		}
	}
	if status, body := e.upload(t, "photo.png", pngOf(40, 30), "other"); status != 404 {
		t.Errorf("another's upload: %d %s", status, body)
	}
	if n := count(); n != before {
		t.Fatalf("%d rows stored by refused uploads", n-before)
	}
	status, body := e.upload(t, "../../etc/photo.png", pngOf(40, 30), "client")
	if status != 201 || !strings.Contains(body, `"name":"photo.png"`) {
		t.Fatalf("a clean PNG: %d %s", status, body)
	}
}

// countRows counts the rows of query in e's store.
func countRows(t *testing.T, e *apiEnv, query string) int {
	t.Helper()
	var n int
	err := e.app.Store.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), query).Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestClaimResponsibilityThroughTheAPI: staff who work a vehicle's claim
// on one of the house's contracts record the responsibility the insurer
// retained (it moves the bonus-malus at renewal); a wrong value, a claim
// of a home insured elsewhere, the client and an agent who did not take
// it are refused, in French.
func TestClaimResponsibilityThroughTheAPI(t *testing.T) {
	e := newContractEnv(t)
	e.sign(t)
	e.clock.Advance(10 * 24 * time.Hour) // 2026-03-12: the cover runs
	for who := range e.people {
		if who != "anonymous" {
			e.people[who] = e.signIn(t, who+"@exemple.fr", false) // the sessions of the 2nd are over
		}
	}
	res, body := e.do(t, "POST", "/api/claims", `{"contractId":"`+e.id+`","kind":"collision","occurredAt":"2026-03-11",`+
		`"description":"Accrochage sur le parking du supermarché, pare-chocs enfoncé.","answers":{"place":"Parking Auchan, Lyon",`+
		`"injured":"no","otherParty":"yes","otherName":"Jean Martin","otherPlate":"CD-456-EF","otherInsurer":"Assurances Exemple","constat":"signed"}}`, e.people["client"])
	var made struct{ Claim struct{ ID string } }
	if res.StatusCode != 201 || json.Unmarshal([]byte(body), &made) != nil {
		t.Fatalf("POST /api/claims: %d %s", res.StatusCode, body)
	}
	home, homeBody := e.do(t, "POST", "/api/claims", claimBody, e.people["client"])
	var elsewhere struct{ Claim struct{ ID string } }
	if home.StatusCode != 201 || json.Unmarshal([]byte(homeBody), &elsewhere) != nil {
		t.Fatalf("POST /api/claims: %d %s", home.StatusCode, homeBody)
	}
	desk := "/api/desk/requests/" + made.Claim.ID
	other := "/api/desk/requests/" + elsewhere.Claim.ID
	for _, s := range []apiScenario{
		{name: "unknown at first", method: "GET", path: desk + "/claim", as: "agent", status: 200, contains: []string{`"responsibility":""`, `"bonusMalus":true`}},
		{name: "before taking it", method: "POST", path: desk + "/claim/responsibility", body: `{"responsibility":"full"}`, as: "agent", status: 403},
		{name: "take it", method: "POST", path: desk + "/take", as: "agent", status: 200},
		{name: "the client", method: "POST", path: desk + "/claim/responsibility", body: `{"responsibility":"full"}`, as: "client", status: 403},
		{name: "a wrong value", method: "POST", path: desk + "/claim/responsibility", body: `{"responsibility":"totale"}`, as: "agent", status: 400,
			contains: []string{`"field":"responsibility"`, "Choisissez la responsabilité retenue par l’assureur\u00a0:"}},
		{name: "not a string", method: "POST", path: desk + "/claim/responsibility", body: `{"responsibility":3}`, as: "agent", status: 400},
		{name: "an unknown key", method: "POST", path: desk + "/claim/responsibility", body: `{"responsability":"full"}`, as: "agent", status: 400},
		{name: "full", method: "POST", path: desk + "/claim/responsibility", body: `{"responsibility":"full"}`, as: "agent", status: 200,
			contains: []string{`"responsibility":"full"`, "Responsabilité retenue par l’assureur\u00a0: entière"}},
		{name: "the client reads it", method: "GET", path: "/api/claims/" + made.Claim.ID, as: "client", status: 200, contains: []string{"Responsabilité retenue par l’assureur\u00a0: entière"}},
		{name: "shared, by an admin", method: "POST", path: desk + "/claim/responsibility", body: `{"responsibility":"shared"}`, as: "admin", status: 200, contains: []string{`"responsibility":"shared"`}},
		{name: "take the home claim", method: "POST", path: other + "/take", as: "agent", status: 200},
		{name: "a home insured elsewhere", method: "GET", path: other + "/claim", as: "agent", status: 200, contains: []string{`"bonusMalus":false`}},
		{name: "a home insured elsewhere has none", method: "POST", path: other + "/claim/responsibility", body: `{"responsibility":"none"}`, as: "agent", status: 400,
			contains: []string{`"field":"responsibility"`, "Seul un sinistre de véhicule"}},
	} {
		s.run(t, e.h, e.people)
	}
}
