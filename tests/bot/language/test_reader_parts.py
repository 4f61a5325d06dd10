"""A question of several parts: a part asking what no rule computes (a fee, a contribution
limit) is set aside when another part asks what a rule computes, and the reply says that part
was not answered; a confirming clause that states a day asks for that day. The phrasings here
are not the question sets' own."""

from __future__ import annotations

import pytest

from bot.language import choosing, read_facts
from bot.language.choosing import judged_words
from bot.language.learned import NONE
from bot.language.lexicon import lexicon
from bot.language.parts import (
    asked_besides,
    later_questions,
    unfamiliar_questions,
    without_side_asks,
    without_side_parts,
    without_side_sentences,
)
from bot.language.words import words
from bot.render.answer import render_result
from bot.render.json import reply_json
from bot.render.text import render as render_text
from tests.bot.language.support import TODAY, rule_for
from tests.support.service import packaged_service

SERVICE = packaged_service()


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(d)(1): the certificate's deadline and the fee, joined by "and" alone.
        (
            "independent for state senate in 2030 - when does the COC have to be in and what "
            "does the filing fee run?",
            "md-petition-certificate",
        ),
        # § 5-703(f): the petitions' deadline, then who verifies the names on them.
        (
            "when are an unaffiliated candidate's petitions due in 2030 & who checks the sigs?",
            "md-petition-filing",
        ),
        # § 15-106(c): the match on one contribution, then whether a PAC's counts.
        (
            "what is the state match on a $75 contribution to our governor ticket, and is a "
            "PAC's check matchable?",
            "md-public-financing-primary",
        ),
        # c. 53, § 14, sentence 7: the certificates' deadline, then whom to call about it.
        (
            "withdrawals for state office in MA closed Friday June 7, 2030 at 5pm - when are "
            "replacement certificates due, and who at the Secretary's office should we call?",
            "ma-vacancy-certificate",
        ),
        # § 5-703(d)(1): the fee put as a statement to confirm is a part of its own.
        (
            "when's the unaffiliated candidate's certificate of candidacy due in 2030? And "
            "there's no filing fee, right?",
            "md-petition-certificate",
        ),
        # § 5-903(b)(2): the successor's deadline, asked after two side questions.
        (
            "Our LG candidate died on April 2. Two things - do we pay the fee again, and what "
            "is the last day for the successor's certificate of candidacy?",
            "md-successor-lt-gov",
        ),
        # c. 53, § 14, sentence 7: the certificates' deadline, then an objection's own.
        (
            "Town seat: the last day for withdrawals was Monday 9/17/2029 at 5 pm. When is the "
            "vacancy certificate due, and when are objections to it due?",
            "ma-vacancy-certificate",
        ),
        # § 5-703(e)(2)(i)-style count of signatures, then how the pages look.
        (
            "Indie for governor, 3.9M registered voters statewide: how many signatures, and what "
            "page format do the petitions use?",
            "md-petition-signatures",
        ),
        # § 5-703(f)-style special-election petition date, then a voter's registration cutoff.
        (
            "CD-3 special primary 5/11/27: when are indie petitions due and when's the voter reg "
            "cutoff for it?",
            "md-petition-filing",
        ),
        # § 15-106(a)-style match of one contribution, then how much more the donor may give.
        (
            "A Maryland donor gave $150 on a card. What's matched, and could she legally give "
            "another $4,000?",
            "md-public-financing-primary",
        ),
        # § 5-703(c)(3): the declaration's deadline, then how it is sent.
        (
            "2030 unaffiliated candidate: when's the declaration of intent due, and can it be "
            "sent on an online form?",
            "md-petition-declaration",
        ),
    ],
)
def test_a_side_question_no_rule_computes_does_not_silence_the_main_one(
    question: str, rule: str
) -> None:
    reply = SERVICE.ask(question, today=TODAY)
    assert (reply.status, reply.rule) in (("answered_in_part", rule), ("needs_input", rule))
    assert reply.reading is not None
    assert reply.reading.not_answered
    assert "not answered" in reply.reading.line()


@pytest.mark.parametrize(
    "question",
    [
        # § 5-703(c)(4): the fee asked beside the declaration's deadline is answered by it: no
        # fee may be charged, which its answer says.
        "Unaffiliated candidate for governor: is there a filing fee, and when is the "
        "declaration of intent due in 2026?",
        "Unaffiliated for the House of Delegates in 2030, two things: (a) declaration of intent "
        "date, (b) do I pay a fee for it?",
        "is there a fee for an indie's declaration of intent? and whens the 2030 deadline",
        "unaffiliated for state senate in 2030, asking when the declaration of intent is due and "
        "whether we charge anything to file it",
    ],
)
def test_a_side_question_the_answer_states_is_answered(question: str) -> None:
    reply = SERVICE.ask(question, today=TODAY)
    assert (reply.status, reply.rule) == ("answered", "md-petition-declaration")
    assert reply.reading is not None and not reply.reading.not_answered
    assert "no filing fee may be charged (§ 5-703(c)(4))" in " ".join(render_text(reply).split())


@pytest.mark.parametrize(
    "question",
    [
        # The only thing asked is the fee.
        "What is the filing fee for a petition candidate's declaration of intent?",
        # The out-of-scope words are what the whole question is about, not a part of its own.
        "For a ballot question petition, when are the signatures due?",
        # The other part asks nothing a rule computes.
        "Is there a fee for the declaration of intent, and can we pay it online?",
        # How long records are kept is all it asks, whatever year they are of.
        "We have the 2026 matching-fund records boxed up. How long do we have to keep them?",
    ],
)
def test_out_of_scope_words_still_rule_out_the_question_when_no_other_part_asks_a_rule(
    question: str,
) -> None:
    assert SERVICE.ask(question, today=TODAY).status == "no_match"


@pytest.mark.parametrize(
    ("question", "rule", "words"),
    [
        # § 5-703(e): the count is answered; gathering them online is not.
        (
            "12,400 registered voters in the district. How many signatures for the "
            "independent, and may volunteers gather them through a website?",
            "md-petition-signatures",
            "gather ... website",
        ),
        # c. 53, § 14, sentence 1: who fills it is answered; reprinting ballots is not.
        (
            "our state senate nominee from the Sept 1 primary died. Who fills the nomination, "
            "and can the town use stickers on the ballots?",
            "ma-vacancy-who-fills",
            "use stickers",
        ),
        # c. 53, § 14: the delegates are counted; the meeting's notice is not.
        (
            "our gov candidate got 2,600 votes here: how many delegates, and how much notice "
            "do members need?",
            "ma-vacancy-delegates",
            "how much notice",
        ),
        # A later question of a subject of its own, in words no rule's questions use.
        # § 5-703(e)(1): the count of signatures, beside where circulators may stand.
        (
            "Unaffiliated candidate, district with 31,000 registered voters: how many "
            "signatures? And may circulators set up a folding table outside the farmers market?",
            "md-petition-signatures",
            "And may circulators set up a folding table outside the farmers market",
        ),
        # § 15-106(b)(2)-style proration, beside how the Board makes it known.
        (
            "The Fund holds $2M and the two tickets are owed $1.5M each. What does each ticket "
            "get? Does the Board announce it by press release or by letter to the treasurers?",
            "md-public-financing-proration",
            "Does the Board announce it by press release or by letter to the treasurers",
        ),
        # c. 53, § 14, sentence 4 says who fills a vacancy in a nomination; when the
        # replacement is due is no part of what that rule answers (its frame rules out asking a
        # deadline), asked in a later question of its own.
        (
            "Our city council nominee on nomination papers died. Who fills it, and is there a "
            "deadline for that?",
            "ma-vacancy-who-fills",
            "and is there a deadline for that",
        ),
    ],
)
def test_a_side_question_of_another_kind_is_said_not_answered(
    question: str, rule: str, words: str
) -> None:
    reply = SERVICE.ask(question, today=TODAY)
    assert reply.rule == rule and reply.status in ("answered_in_part", "needs_input")
    assert reply.reading is not None and words in reply.reading.not_answered


@pytest.mark.parametrize(
    "side",
    [
        "and does a ticket that loses the primary have to repay the money?",
        "and who do I ask about recounts after the primary?",
    ],
)
def test_a_part_set_aside_keeps_its_facts_to_itself(side: str) -> None:
    # § 15-106(b)(2): shares of a $3M Fund against $2M and $1.5M, asked of no election; the
    # primary named in the part no rule answers is not the proration's election.
    reply = SERVICE.ask(
        "Two tickets are owed $2M and $1.5M and the Fund holds $3M. What's each one's share, "
        + side,
        today=TODAY,
    )
    assert (reply.status, reply.rule) == ("answered_in_part", "md-public-financing-proration")
    assert reply.params == {"fund": "3000000", "entitlements": "2000000;1500000"}


@pytest.mark.parametrize("who", ["Who fills it", "Who was supposed to fill it"])
def test_asking_when_beside_who_is_answered_where_the_answer_names_the_day(who: str) -> None:
    # 2025 Mass. Acts c. 34, § 4: a nominee of the 1 September 2026 state primary is replaced
    # by the special act's committee, whose filing is due by a day the answer names; for a
    # later primary, c. 53, § 14, sentence 2's committee is named and no day is, so "by when"
    # is still said not answered.
    question = (
        "MA: our state rep nominee from the September 1, {year} primary withdrew. "
        + who
        + ", and by when?"
    )
    act = SERVICE.ask(question.format(year=2026), today=TODAY)
    assert (act.status, act.rule) == ("answered", "ma-vacancy-who-fills")
    assert (
        act.result is not None and act.result.result["deadline"].date().isoformat() == "2026-09-08"
    )
    assert act.reading is not None and not act.reading.not_answered
    later = SERVICE.ask(question.format(year=2028), today=TODAY)
    assert (later.status, later.rule) == ("answered_in_part", "ma-vacancy-who-fills")
    assert later.reading is not None and later.reading.not_answered == ["and by when"]


@pytest.mark.parametrize(
    "question",
    [
        # A challenge to a candidacy, paying the Fund back and its audits are no rule's.
        "A voter says the unaffiliated candidate lives outside the district. By when can we "
        "challenge the candidacy?",
        "The ticket withdrew after receiving $300k in public money. How much gets repaid?",
        "When does the Board audit the tickets that took Fund money?",
        # A petition for a special town meeting's warrant is no nomination's.
        "how many signatures does a petition for a special town meeting article need? our "
        "selectman nominee withdrew and the board wants to vote on it",
        # c. 53, § 14 counts delegates to fill a nomination, not to a party's platform
        # convention.
        "how many delegates to the 2030 platform convention does a ward with 1,900 votes for "
        "our governor candidate get?",
        # § 5-703(e) counts petition signatures; ballots to order for a town are no rule's.
        "town office race next spring: how many ballots should we order for a town of 7,500 "
        "voters?",
        # § 5-903(b) times a successor *candidate*; a death after the general election,
        # before inauguration, leaves an office to fill.
        "Our LG nominee died after the November election but before the inauguration. Who "
        "takes the seat?",
    ],
)
def test_questions_only_about_what_no_rule_computes_are_not_answered(question: str) -> None:
    assert SERVICE.ask(question, today=TODAY).status == "no_match"


def test_a_side_question_is_set_aside_only_where_it_is_a_question_of_its_own() -> None:
    asked = "do they owe a fee, and when is the declaration due?"
    assert without_side_asks(asked, ("fee",)) is not None
    # (which form to hand out is a side question too)
    form = "When is the declaration due, and which form do we hand out?"
    rest = without_side_asks(form, ("which form",))
    assert rest is not None and "declaration due" in rest and "form" not in rest
    assert without_side_asks("the fee and the declaration: when due?", ("fee",)) is None
    # "referendum" names what the whole question is about: never set aside.
    assert without_side_asks("is it a referendum, and when is it due?", ("referendum",)) is None


@pytest.mark.parametrize(
    ("side", "said"),
    [
        # Too short to be a question of its own subject: set aside as the sentence it is.
        ("Also, who do we call at SBE?", ["who do we call"]),
        # An added question of its own: set aside whole, and nothing else with it (the "Also,"
        # it leaves behind is no part).
        (
            "Also, who do we call at the Board if the numbers look off?",
            ["who do we call at the Board if the numbers look off"],
        ),
    ],
)
def test_a_side_question_in_a_sentence_of_its_own_leaves_the_main_questions_facts(
    side: str, said: list[str]
) -> None:
    # § 15-106(b)(2)-style proration: a Fund of $2.5M against two claims of $2M each; the
    # sentence asking whom to phone says "who", which alone would rule the Fund's rules out.
    question = (
        f"The Fund is down to $2.5M and two tickets are each owed $2M. What does each get? {side}"
    )
    reply = SERVICE.ask(question, today=TODAY)
    assert reply.status == "answered_in_part"
    assert reply.rule == "md-public-financing-proration"
    assert reply.params == {"fund": "2500000", "entitlements": "2000000;2000000"}
    assert reply.reading is not None and reply.reading.not_answered == said


@pytest.mark.parametrize(
    ("question", "vetoes"),
    [
        # A side ask in the main question's own sentence is what it asks.
        ("If a ticket gets public money and the LG withdraws, does it have to repay?", ("repay",)),
        # The rest states no fact of its own: it asks of the sentence set aside.
        ("Town council recount: is one automatic? How many signatures do we need?", ("recount",)),
        # A side sentence stating a number states a fact: never set aside unread.
        ("Fund has $4M, two tickets owed $3M each. Shares? Also, is the $3M fee waived?", ("fee",)),
        # The sentence holding the veto only tells; it is the question's subject.
        ("We owe the recount fee. When is the declaration due in 2030?", ("fee",)),
    ],
)
def test_a_side_sentence_is_set_aside_only_beside_a_main_question_of_its_own(
    question: str, vetoes: tuple[str, ...]
) -> None:
    assert without_side_sentences(question, vetoes) is None


@pytest.mark.parametrize(
    ("question", "vetoes", "rest"),
    [
        # The shares are asked first; the repayment after them, in the same sentence.
        (
            "Fund holds $3M against $2M and $1.5M: what's each one's share, and when do they "
            "repay it?",
            ("repay",),
            "Fund holds $3M against $2M and $1.5M: what's each one's share,",
        ),
        # What is left states a day and asks nothing: the question is the fee's alone.
        (
            "LG withdrew before the 3/6 cutoff -- does the filing fee come back?",
            ("filing fee",),
            None,
        ),
        # The side ask states a number of its own: never set aside unread.
        ("What's each share of $3M, and when is the 2026 recount?", ("recount",), None),
    ],
)
def test_a_side_part_of_the_main_sentence_is_set_aside_only_after_a_question(
    question: str, vetoes: tuple[str, ...], rest: str | None
) -> None:
    got = without_side_parts(question, vetoes)
    assert (got if got is None else got.strip()) == rest


@pytest.mark.parametrize(
    ("question", "vetoes", "asked"),
    [
        # The limit is said in passing; the match is asked in a part of its own.
        ("Lee $300 (over the limit, we refund it), Park $10. What's matched?", ("limit",), True),
        # A request asks too.
        ("Dues aside, please confirm the declaration's last day.", ("dues",), True),
        # Only the part holding the veto asks; the rest only tells.
        (
            "withdrawals closed June 2 at 5. When must the registrars certify the signatures?",
            ("registrars certify",),
            False,
        ),
        # (nothing after the question mark is a part that asks)
        ("Is there a fee?", ("fee",), False),
    ],
)
def test_whether_a_part_without_the_out_of_scope_words_asks(
    question: str, vetoes: tuple[str, ...], asked: bool
) -> None:
    assert asked_besides(question, vetoes) is asked


def test_a_confirming_clause_that_states_a_day_asks_for_that_day() -> None:
    # § 5-903(b)(2): confirming the successor's deadline asks for it, even beside "why".
    question = (
        "was it correct that after our LG candidate's death on April 10 the successor "
        "certificate was due May 14? the old memo never said why"
    )
    assert "a-deadline" in read_facts(question, today=TODAY).values("asks")
    assert rule_for(question) == "md-successor-lt-gov"


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 15-106(c): contributions listed and an amount asked, with no word for the Fund.
        (
            "our gov campaign took in three checks, $25, $80 and $200. how much will the "
            "state kick in?",
            "md-public-financing-primary",
        ),
        # § 15-106(d): an amount asked for a governor ticket in the general election.
        (
            "how much will the governor ticket be given for the general?",
            "md-public-financing-general",
        ),
    ],
)
def test_the_facts_together_name_a_rule_no_word_of_which_is_said(question: str, rule: str) -> None:
    assert rule_for(question) == rule


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-903(b): the LG candidate is the one who died; the Governor is named alongside.
        (
            "the woman running for lieutenant governor alongside our governor candidate died "
            "on May 3. how long do we have to file for her replacement?",
            "md-successor-lt-gov",
        ),
        # § 5-703(d): the form every candidate files, in everyday words.
        (
            "an independent running in 2030 asked when his candidacy form is due",
            "md-petition-certificate",
        ),
        # § 5-703(c): the paper saying one intends to petition is the declaration of intent.
        (
            "an unaffiliated state senate hopeful asked when the paper saying she intends to "
            "petition is due",
            "md-petition-declaration",
        ),
        # c. 53, § 14, sentence 7: a town meeting member is an elected town office.
        (
            "a candidate for town meeting member withdrew; the last day to withdraw was March "
            "2. when is the certificate for the replacement due?",
            "ma-vacancy-certificate",
        ),
        # § 15-106(b), in Spanish: the Fund is short of the tickets' entitlements.
        (
            "No hay suficiente dinero en el Fondo: $900,000, y los tickets tienen derecho a "
            "$700k y $500k. ¿Cuánto recibe cada uno?",
            "md-public-financing-proration",
        ),
    ],
)
def test_everyday_and_spanish_words_reach_the_rule(question: str, rule: str) -> None:
    assert rule_for(question) == rule


def test_a_part_that_only_states_a_day_asks_nothing_beside_a_side_question() -> None:
    # c. 53, § 14, sentence 7: the day said is context; the only question asks a fee.
    question = (
        "town election - last day for withdrawals 3/6/30 5pm, a selectman candidate withdrew. "
        "is there a fee to file the replacement paperwork?"
    )
    assert SERVICE.ask(question, today=TODAY).status == "no_match"


def test_the_learned_model_judges_a_question_without_its_side_question() -> None:
    # § 5-703(d)(1): the fee set aside is not among the words the model weighs.
    expanded = lexicon().expand("when is the independent's COC due and how much is the filing fee?")
    vetoes = SERVICE.matcher.match(expanded).out_of_scope
    assert vetoes == ("filing fee",)
    said = judged_words(SERVICE.matcher, expanded, without_side_asks(expanded, vetoes))
    assert "fee" not in said and "due" in " ".join(said)


def test_an_answer_to_one_part_says_so_first_on_every_face() -> None:
    # § 5-903(b)(2)(iii): the successor's deadline is answered; the age to serve is not, and no
    # face lets the reply pass for an answer to the whole question.
    reply = SERVICE.ask(
        "LG candidate died 4/30/2026 -- successor COC deadline? and what's the minimum age to "
        "serve as LG, he's 29",
        today=TODAY,
    )
    assert (reply.status, reply.rule) == ("answered_in_part", "md-successor-lt-gov")
    assert reply.result is not None and str(reply.result.result["deadline"]) == "2026-05-14"
    said = "none of my rules computes “minimum age”"
    text = render_text(reply)
    assert text.startswith("[answered in part] md-successor-lt-gov\n") and said in text
    fallback, blocks = render_result(reply)
    assert said in fallback and said in str(blocks[1])  # (after the question echoed)
    assert reply_json(reply)["status"] == "answered_in_part"


# Which words count as no rule's is the learned model's to say; here, a fixed list.
_STRANGE = frozenset(words("pencil robocall font announce press release"))


@pytest.mark.parametrize(
    ("question", "found"),
    [
        (
            "When is the petition due, and can signers use a pencil font?",
            ["and can signers use a pencil font"],
        ),
        # A statement put to be confirmed asks too; a list's label is no number.
        (
            "When is it due? And signers may use a pencil font, right?",
            ["And signers may use a pencil font"],
        ),
        (
            "1) when is it due?\n2) can signers use a pencil font?",
            ["2) can signers use a pencil font"],
        ),
        # The first question is the main one, however strange its words.
        ("Can signers use a pencil font? When is the petition due?", []),
        # Words the question said before are its subject, not another one.
        ("Robocall pencil rules: when is it due, and is the robocall pencil fine?", []),
        # One strange word is not yet a subject of its own.
        ("When is the petition due, and can signers use a pencil?", []),
        # The tail of a question, a table's row, a number, a count asked again: not a question
        # of its own.
        ("What if the nominee, after a pencil font robocall, died?", []),
        ("Who fills it? | pencil | font |?", []),
        ("When is it due, and is the 2 pm pencil font robocall fine?", []),
        ("When is it due, and how many pencil font robocalls?", []),
    ],
)
def test_which_later_questions_are_of_a_subject_of_their_own(
    question: str, found: list[str]
) -> None:
    assert unfamiliar_questions(question, words, _STRANGE.__contains__) == found


@pytest.mark.parametrize(
    ("question", "rule", "set_aside"),
    [
        # § 5-703(f)(1) answers when the petition is due; when gathering may begin is no
        # rule's, though every word of it is a petition rule's.
        (
            "When is the petition due in 2030 for an unaffiliated candidate, and may they begin "
            "gathering signatures before the declaration of intent is on file?",
            "md-petition-filing",
            "and may they begin gathering signatures before the declaration of intent is on file",
        ),
        # § 15-106(c)'s match, beside how the Board pays it.
        (
            "Match for three contributions of $100 each? And does the State Board send the "
            "money by wire or by check?",
            "md-public-financing-primary",
            "And does the State Board send the money by wire or by check",
        ),
        # c. 53, § 14, sentence 3 says who fills a vacancy, never by when ("and by when?" is a
        # question of its own after its preposition) …
        (
            "Our town rep nominee, picked at the March caucus, passed away. Who names the new "
            "nominee, and by when?",
            "ma-vacancy-who-fills",
            "and by when",
        ),
        # … nor what the one named must do: "the replacement" is a noun, not the rule's verb.
        (
            "Our state senate nominee from the primary pulled out. Which committee fills the "
            "spot, and does the replacement need fresh nomination papers?",
            "ma-vacancy-who-fills",
            "and does the replacement need fresh nomination papers",
        ),
        # Questions of how a thing is done, which no rule computes:
        # § 5-703(c)(3) times the declaration; how the petition is reviewed is no rule's.
        (
            "When is the declaration of intent due for 2030? How does the petition review work?",
            "md-petition-declaration",
            "How does the petition review work",
        ),
        # § 15-106(b) prorates; whether the office must publish a notice of it is no rule's.
        (
            "Fund has $5M; tickets are owed $3M and $3M. Prorated amounts please, and does the "
            "Board need to publish a notice of the proration?",
            "md-public-financing-proration",
            "and does the Board need to publish a notice of the proration",
        ),
        # § 5-703(f)(1) times the petition; what goes in with it is no rule's.
        (
            "When is the 2030 unaffiliated petition due, and what does the candidate need to "
            "submit along with it?",
            "md-petition-filing",
            "and what does the candidate need to submit along with it",
        ),
    ],
)
def test_a_later_question_in_a_rules_words_that_reads_as_no_rules_is_said_not_answered(
    question: str, rule: str, set_aside: str
) -> None:
    reply = SERVICE.ask(question, today=TODAY)
    assert reply.rule == rule and reply.status == "answered_in_part"
    assert reply.reading is not None and reply.reading.not_answered == [set_aside]


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 5-703(c)(3): the declaration is filed with the board that takes the candidate's
        # certificate — said with its date.
        (
            "When is the 2030 declaration of intent due for an unaffiliated candidate, and does "
            "it go to the State Board or our county board?",
            "md-petition-declaration",
        ),
        # c. 53, § 14, sentence 7 counts week days only: whether a holiday counts is its answer.
        (
            "The last day for withdrawals is Wednesday November 25, 2026 at 5 pm, state rep race. "
            "When is the replacement certificate due, and does Thanksgiving eat a day?",
            "ma-vacancy-certificate",
        ),
        # c. 53, § 14, sentence 2: the committee of five's majority vote is said with who fills.
        (
            "Independent candidate for state rep on nomination papers withdrew. Who fills it, "
            "and by what kind of vote?",
            "ma-vacancy-who-fills",
        ),
        # § 15-106(b)(2): the total paid out is the sum of the prorated shares, the answer's
        # own amount (money already paid out is a lookup: "how much was paid out so far?").
        (
            "Two tickets owed $2M and $1.5M; the Fund has $3M. Each ticket's share, and the "
            "total paid out?",
            "md-public-financing-proration",
        ),
        # § 5-703(c)(3): where it is filed is said with the deadline; "file it … with us" is
        # not a request that the bot file it.
        (
            "unaffiliated for county council 2030 -- when is the declaration of intent due and "
            "does she file it with us or with the State Board?",
            "md-petition-declaration",
        ),
        # § 5-703(f)(1): "or is it later …" asks the same deadline the other way.
        (
            "Petition deadline for a 2030 unaffiliated candidate for county council, or is it "
            "later for local offices?",
            "md-petition-filing",
        ),
    ],
)
def test_a_later_question_the_rules_answer_speaks_to_is_answered(question: str, rule: str) -> None:
    reply = SERVICE.ask(question, today=TODAY)
    assert (reply.rule, reply.status) == (rule, "answered")
    assert reply.reading is not None and not reply.reading.not_answered


@pytest.mark.parametrize(
    ("question", "later"),
    [
        # A request to confirm the answer asked before is that question again …
        ("What's the last day for his certificate? Can you confirm so I can reply today?", []),
        # … a request to confirm something of its own is a question of its own.
        (
            "When is it due? Can you confirm whether it can be faxed?",
            ["Can you confirm whether it can be faxed"],
        ),
        # A question word after its preposition opens a question of its own after "and" …
        ("Who fills it, and by when?", ["and by when"]),
        # … and "by when" opening a sentence is that sentence's question, asked first.
        ("If the LG withdraws, by when is the successor's certificate due?", []),
    ],
)
def test_which_parts_are_later_questions(question: str, later: list[str]) -> None:
    assert [q.strip() for q, _ in later_questions(question)] == later


class _Model:
    """A learned model that is as sure as told that a part is no rule's, and finds the words
    given foreign to every rule."""

    def __init__(self, none: float, foreign: set[str]) -> None:
        self.none, self.foreign_words = none, foreign

    def probabilities(self, feats: object) -> dict[str, float]:
        return {NONE: self.none, "md-petition-filing": 1 - self.none}

    def foreign(self, word: str, rule: str) -> bool:
        return word in self.foreign_words


@pytest.mark.parametrize(
    ("text", "none", "foreign", "set_aside"),
    [
        # Sure it is no rule's, and two of its own words lean to no rule: set aside.
        (
            "When is it due, and can circulators wear costumes?",
            0.99,
            {"circulator", "costum"},
            True,
        ),
        # Less than all but sure, or one foreign word only: the rule's.
        (
            "When is it due, and can circulators wear costumes?",
            0.9,
            {"circulator", "costum"},
            False,
        ),
        ("When is it due, and can circulators wear costumes?", 0.99, {"costum"}, False),
        # A word said before the later question is its subject, not one of its own.
        (
            "Costumes: when is it due, and can circulators wear costumes?",
            0.99,
            {"circulator", "costum"},
            False,
        ),
        # "or …" asks the question before it the other way; a number states a fact.
        (
            "When is it due, or can circulators wear costumes?",
            0.99,
            {"circulator", "costum"},
            False,
        ),
        (
            "When is it due, and can 3 circulators wear costumes?",
            0.99,
            {"circulator", "costum"},
            False,
        ),
    ],
)
def test_a_later_question_reads_as_no_rules_only_when_model_and_words_agree(
    monkeypatch: pytest.MonkeyPatch, text: str, none: float, foreign: set[str], set_aside: bool
) -> None:
    """§ 5-703(f): the petition rule answers when the petition is due; a later question is said
    not answered only when the model is all but sure it is no rule's and two of its own words
    lean to no rule (`choosing._of_no_rule`)."""
    monkeypatch.setattr(choosing, "learned_model", lambda: _Model(none, foreign))
    (question, begin), *_ = later_questions(text)
    facts = read_facts(question, today=TODAY)
    matcher = SERVICE.matcher
    assert choosing._of_no_rule(matcher, text, (question, begin), facts, "md-petition-filing") is (
        set_aside
    )


@pytest.mark.parametrize(
    ("none", "foreign", "its_kind", "set_aside"),
    [
        # Only leaning to no rule's, but three of its own words lean to no rule: set aside …
        (0.85, {"circulator", "wear", "costum"}, False, True),
        # … two are not enough while the model only leans.
        (0.85, {"circulator", "costum"}, False, False),
        # Asking the kind of answer the rule gives: only when the model is all but certain and
        # three of its own words are foreign.
        (0.99, {"circulator", "wear", "costum"}, True, True),
        (0.97, {"circulator", "wear", "costum"}, True, False),
        (0.99, {"circulator", "costum"}, True, False),
    ],
)
def test_how_sure_the_model_and_words_must_be_of_a_later_question(
    monkeypatch: pytest.MonkeyPatch,
    none: float,
    foreign: set[str],
    its_kind: bool,
    set_aside: bool,
) -> None:
    """§ 5-703(f): the petition rule answers when the petition is due; a later question of its
    own subject is said not answered by how sure the model is and how many of its own words
    are foreign to the rule (`choosing._of_no_rule`)."""
    monkeypatch.setattr(choosing, "learned_model", lambda: _Model(none, foreign))
    text = "When is it due, and can circulators wear costumes?"
    (question, begin), *_ = later_questions(text)
    facts = read_facts(question, today=TODAY)
    found = choosing._of_no_rule(
        SERVICE.matcher, text, (question, begin), facts, "md-petition-filing", its_kind=its_kind
    )
    assert found is set_aside


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # § 15-106(b) prorates; whether the Board meets in public first is no rule's.
        (
            "Fund holds 1.8M, two tickets owed 1.2M each. What are the prorated shares, and must "
            "the Board take it up at an open meeting before paying?",
            "md-public-financing-proration",
        ),
        # § 15-106(c) matches; how often a ticket may ask is no rule's.
        (
            "Match on gifts of $40 and $90? And how frequently can the ticket file a request?",
            "md-public-financing-primary",
        ),
        # § 5-703(f)(1) times the petition; a cure period for its defects is no rule's.
        (
            "When is the 2030 unaffiliated petition due, and is there a cure period afterward?",
            "md-petition-filing",
        ),
        # § 15-106(b) prorates; whether the Board may borrow for the shortfall is no rule's.
        (
            "Fund has 2.1M for two tickets owed 1.5M each: prorated shares? and can the Board "
            "borrow the rest?",
            "md-public-financing-proration",
        ),
        # § 15-106(c) matches; how much a ticket must raise to qualify (§ 15-105) is not.
        (
            "What must a ticket raise before it qualifies, and what is the match on one $75 "
            "contribution?",
            "md-public-financing-primary",
        ),
        # § 5-703(f) times the petition; when the ballot is certified for printing is not.
        (
            "When is the ballot certified for printing, and when is the petition due for the "
            "2030 general?",
            "md-petition-filing",
        ),
        # § 15-106(c): a fee said paid is told, not asked; the match asked after it is answered.
        (
            "Contributions of $45 and $130 came in; the ticket also paid a $50 filing fee. What "
            "is the match on the contributions?",
            "md-public-financing-primary",
        ),
    ],
)
def test_how_a_board_goes_about_its_work_is_said_not_answered(question: str, rule: str) -> None:
    reply = SERVICE.ask(question, today=TODAY)
    assert reply.rule == rule and reply.status == "answered_in_part"
    assert reply.reading is not None and len(reply.reading.not_answered) == 1


def test_a_side_ask_of_another_document_stays_not_answered() -> None:
    # § 5-703(c)(4) frees only the declaration of a fee; the certificate of candidacy's fee,
    # asked beside the declaration's date, is not what its answer states.
    reply = SERVICE.ask(
        "Indie for county council in 2030: when's the declaration of intent due, and what is "
        "the filing fee on her certificate of candidacy?",
        today=TODAY,
    )
    assert (reply.status, reply.rule) == ("answered_in_part", "md-petition-declaration")
    # ... while the match of each contribution is said with the total (§ 15-107(c)(2)).
    reply = SERVICE.ask("Two donors gave $60 each. Match, and how much per donor?", today=TODAY)
    assert (reply.status, reply.rule) == ("answered", "md-public-financing-primary")
