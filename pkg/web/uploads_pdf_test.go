package web

import (
	"encoding/json"
	"strings"
	"testing"

	"courtier/pkg/upload/uploadtest"
)

// TestPDFUploads sends the hostile PDFs of uploadtest (scripts behind
// layers of filters and object streams, javascript: links, launches,
// attachments, XFA, encryption, bombs) to both places a client uploads
// to, a claim's files and a contract's proofs: each is refused with its
// French message on the field, and nothing is stored, the lists of
// files unchanged. The ordinary PDFs are stored.
func TestPDFUploads(t *testing.T) {
	claim := newClaimEnv(t)
	contract := newContractEnv(t)
	contract.sign(t)
	claimFiles := func() string {
		res, body := claim.do(t, "GET", "/api/claims/"+claim.id, "", claim.people["client"])
		var got struct {
			Claim struct{ Files json.RawMessage }
		}
		if res.StatusCode != 200 || json.Unmarshal([]byte(body), &got) != nil {
			t.Fatalf("GET the claim: %d %s", res.StatusCode, body)
		}
		return string(got.Claim.Files)
	}
	proofs := func() string {
		res, body := contract.do(t, "GET", "/api/contracts/"+contract.id, "", contract.people["client"])
		var got struct {
			Contract struct{ Proofs json.RawMessage }
		}
		if res.StatusCode != 200 || json.Unmarshal([]byte(body), &got) != nil {
			t.Fatalf("GET the contract: %d %s", res.StatusCode, body)
		}
		return string(got.Contract.Proofs)
	}
	rows := func() int {
		return countRows(t, claim.apiEnv, "SELECT COUNT(*) FROM files") + countRows(t, claim.apiEnv, "SELECT COUNT(*) FROM claim_files") +
			contract.files(t)
	}
	beforeFiles, beforeProofs, beforeRows := claimFiles(), proofs(), rows()
	send := map[string]func(s uploadtest.Sample) (int, string){
		"claim": func(s uploadtest.Sample) (int, string) { return claim.upload(t, "releve.pdf", s.Data, "client") },
		"proof": func(s uploadtest.Sample) (int, string) {
			return contract.upload(t, "licence", "permis.pdf", s.Data, "client")
		},
	}
	for _, s := range uploadtest.Hostile() {
		for where, upload := range send {
			status, body := upload(s)
			if status != 400 || !strings.Contains(body, `"field":"file"`) || !strings.Contains(body, jsonText(t, s.Want)) {
				t.Errorf("%s, as a %s: %d %s, want 400 with %q", s.Name, where, status, body, s.Want)
			}
		}
	}
	if files, p, n := claimFiles(), proofs(), rows(); files != beforeFiles || p != beforeProofs || n != beforeRows {
		t.Fatalf("refused PDFs were kept: files %s (was %s), proofs %s (was %s), %d rows (was %d)", files, beforeFiles, p, beforeProofs, n, beforeRows)
	}
	for _, s := range uploadtest.Benign() {
		for where, upload := range send {
			if status, body := upload(s); status != 201 {
				t.Errorf("%s, as a %s: %d %s, want 201", s.Name, where, status, body)
			}
		}
	}
}

// jsonText writes s as it appears inside a JSON string.
func jsonText(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Trim(string(b), `"`)
}
