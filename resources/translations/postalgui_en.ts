<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AddressImportDialog</name>
    <message numerus="yes">
        <source>%Ln row(s): %1 ready to import, %2 with problems (listed below; not imported).</source>
        <translation>
            <numerusform>%Ln row: %1 ready to import, %2 with problems (listed below; not imported).</numerusform>
            <numerusform>%Ln rows: %1 ready to import, %2 with problems (listed below; not imported).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AddressPage</name>
    <message numerus="yes">
        <source>Delete %Ln address(es) from the address book?</source>
        <translation>
            <numerusform>Delete %Ln address from the address book?</numerusform>
            <numerusform>Delete %Ln addresses from the address book?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln address(es) imported from %1</source>
        <translation>
            <numerusform>%Ln address imported from %1</numerusform>
            <numerusform>%Ln addresses imported from %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchFileRow</name>
    <message numerus="yes">
        <source>%n quote(s) from the history</source>
        <translation>
            <numerusform>%n quote from the history</numerusform>
            <numerusform>%n quotes from the history</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) in the file</source>
        <translation>
            <numerusform>%n row in the file</numerusform>
            <numerusform>%n rows in the file</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) to send</source>
        <translation>
            <numerusform>%n row to send</numerusform>
            <numerusform>%n rows to send</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchProblemsView</name>
    <message numerus="yes">
        <source>%n row(s) have problems. Nothing is sent until the file is fixed and opened again.</source>
        <translation>
            <numerusform>%n row has problems. Nothing is sent until the file is fixed and opened again.</numerusform>
            <numerusform>%n rows have problems. Nothing is sent until the file is fixed and opened again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CardQuoting</name>
    <message numerus="yes">
        <source>the Prices tab now compares its %n product(s).</source>
        <translation>
            <numerusform>the Prices tab now compares its %n product.</numerusform>
            <numerusform>the Prices tab now compares its %n products.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CardsPage</name>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ContractListPage</name>
    <message numerus="yes">
        <source>%n contract(s)</source>
        <translation>
            <numerusform>%n contract</numerusform>
            <numerusform>%n contracts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DivergencesView</name>
    <message numerus="yes">
        <source>%Ln divergence(s) · tariffed %1</source>
        <translation>
            <numerusform>%Ln divergence · tariffed %1</numerusform>
            <numerusform>%Ln divergences · tariffed %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln divergence(s) · charged %1 · tariffed %2 · difference %3</source>
        <translation>
            <numerusform>%Ln divergence · charged %1 · tariffed %2 · difference %3</numerusform>
            <numerusform>%Ln divergences · charged %1 · tariffed %2 · difference %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryDeletion</name>
    <message numerus="yes">
        <source>Delete %n quote(s) from the history? This cannot be undone.</source>
        <translation>
            <numerusform>Delete %n quote from the history? This cannot be undone.</numerusform>
            <numerusform>Delete %n quotes from the history? This cannot be undone.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistorySearch</name>
    <message numerus="yes">
        <source>%Ln quote(s)</source>
        <translation>
            <numerusform>%Ln quote</numerusform>
            <numerusform>%Ln quotes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InvoicesTab</name>
    <message numerus="yes">
        <source>%n invoice(s)</source>
        <translation>
            <numerusform>%n invoice</numerusform>
            <numerusform>%n invoices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Typed line copied: %1. Invoice %2 is overdue (%Ln day(s) past its due date): banks may refuse this slip or charge interest.</source>
        <translation>
            <numerusform>Typed line copied: %1. Invoice %2 is overdue (%Ln day past its due date): banks may refuse this slip or charge interest.</numerusform>
            <numerusform>Typed line copied: %1. Invoice %2 is overdue (%Ln days past its due date): banks may refuse this slip or charge interest.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobsPanel</name>
    <message numerus="yes">
        <source>%n job(s) in progress</source>
        <translation>
            <numerusform>%n job in progress</numerusform>
            <numerusform>%n jobs in progress</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s)</source>
        <translation>
            <numerusform>%n job</numerusform>
            <numerusform>%n jobs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OfficeStatusLabel</name>
    <message numerus="yes">
        <source>Office database unreachable: %n quote(s) waiting</source>
        <translation>
            <numerusform>Office database unreachable: %n quote waiting</numerusform>
            <numerusform>Office database unreachable: %n quotes waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Office database of a newer PostalGUI: %n quote(s) waiting</source>
        <translation>
            <numerusform>Office database of a newer PostalGUI: %n quote waiting</numerusform>
            <numerusform>Office database of a newer PostalGUI: %n quotes waiting</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OrdersDialog</name>
    <message numerus="yes">
        <source>%Ln row(s), %1 with problems (named by row and column above): correct the file, or send only the rows without problems.</source>
        <translation>
            <numerusform>%Ln row, %1 with problems (named by row and column above): correct the file, or send only the rows without problems.</numerusform>
            <numerusform>%Ln rows, %1 with problems (named by row and column above): correct the file, or send only the rows without problems.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s), all ready to send.</source>
        <translation>
            <numerusform>%Ln row, ready to send.</numerusform>
            <numerusform>%Ln rows, all ready to send.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pre-posting(s) created, %1 refused, %2 not sent.</source>
        <translation>
            <numerusform>%Ln pre-posting created, %1 refused, %2 not sent.</numerusform>
            <numerusform>%Ln pre-postings created, %1 refused, %2 not sent.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sent before, not sent again.</source>
        <translation>
            <numerusform>%Ln sent before, not sent again.</numerusform>
            <numerusform>%Ln were sent before, not sent again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sent with an answer that could not be read or never came: follow them up.</source>
        <translation>
            <numerusform>%Ln sent with an answer that could not be read or never came: follow it up.</numerusform>
            <numerusform>%Ln sent with an answer that could not be read or never came: follow them up.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rows %1 were sent to the operator before (their pre-postings exist, or their answer was lost or unreadable). Send them again, on purpose?</source>
        <translation>
            <numerusform>Row %1 was sent to the operator before (its pre-posting exists, or its answer was lost or unreadable). Send it again, on purpose?</numerusform>
            <numerusform>Rows %1 were sent to the operator before (their pre-postings exist, or their answer was lost or unreadable). Send them again, on purpose?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PriceTab</name>
    <message numerus="yes">
        <source>%n product(s) could not be priced.</source>
        <translation>
            <numerusform>%n product could not be priced.</numerusform>
            <numerusform>%n products could not be priced.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ServicesPanel</name>
    <message numerus="yes">
        <source>%n service(s)</source>
        <translation>
            <numerusform>%n service</numerusform>
            <numerusform>%n services</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ShipmentPage</name>
    <message numerus="yes">
        <source>Cancel %Ln pre-posting(s) with the operator? Their object codes can no longer be posted.</source>
        <translation>
            <numerusform>Cancel %Ln pre-posting with the operator? Its object code can no longer be posted.</numerusform>
            <numerusform>Cancel %Ln pre-postings with the operator? Their object codes can no longer be posted.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln pre-posting(s) shown</source>
        <translation>
            <numerusform>%1 of %Ln pre-posting shown</numerusform>
            <numerusform>%1 of %Ln pre-postings shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%Ln expire(s) within a day or have expired)</source>
        <translation>
            <numerusform>(%Ln expires within a day or has expired)</numerusform>
            <numerusform>(%Ln expire within a day or have expired)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The operator was asked about %Ln pre-posting(s).</source>
        <translation>
            <numerusform>The operator was asked about %Ln pre-posting.</numerusform>
            <numerusform>The operator was asked about %Ln pre-postings.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pre-posting(s) cancelled.</source>
        <translation>
            <numerusform>%Ln pre-posting cancelled.</numerusform>
            <numerusform>%Ln pre-postings cancelled.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pre-posting(s) cancelled; the operator refused %1: %2</source>
        <translation>
            <numerusform>%Ln pre-posting cancelled; the operator refused %1: %2</numerusform>
            <numerusform>%Ln pre-postings cancelled; the operator refused %1: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ShippingWords</name>
    <message numerus="yes">
        <source>Expires in %Ln day(s)</source>
        <translation>
            <numerusform>Expires in %Ln day</numerusform>
            <numerusform>Expires in %Ln days</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ClaimsTab</name>
    <message numerus="yes">
        <source>%n object(s) sent to the Tracking tab.</source>
        <translation>
            <numerusform>%n object sent to the Tracking tab.</numerusform>
            <numerusform>%n objects sent to the Tracking tab.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrackObjects</name>
    <message numerus="yes">
        <source>%n object(s) sent to the Tracking tab.</source>
        <translation>
            <numerusform>%n object sent to the Tracking tab.</numerusform>
            <numerusform>%n objects sent to the Tracking tab.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) without an object code left out.</source>
        <translation>
            <numerusform>%n line without an object code left out.</numerusform>
            <numerusform>%n lines without an object code left out.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrackingDetailWords</name>
    <message numerus="yes">
        <source>Delivered %n day(s) late</source>
        <translation>
            <numerusform>Delivered %n day late</numerusform>
            <numerusform>Delivered %n days late</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Arrived %n day(s) late</source>
        <translation>
            <numerusform>Arrived %n day late</numerusform>
            <numerusform>Arrived %n days late</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Overdue by %n day(s)</source>
        <translation>
            <numerusform>Overdue by %n day</numerusform>
            <numerusform>Overdue by %n days</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>office_words</name>
    <message numerus="yes">
        <source>%Ln quote(s)</source>
        <translation>
            <numerusform>%Ln quote</numerusform>
            <numerusform>%Ln quotes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln preset(s)</source>
        <translation>
            <numerusform>%Ln preset</numerusform>
            <numerusform>%Ln presets</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabelsDialog</name>
    <message numerus="yes">
        <source>Labels of %Ln pre-posting(s)</source>
        <translation>
            <numerusform>Labels of %Ln pre-posting</numerusform>
            <numerusform>Labels of %Ln pre-postings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln label(s) made.</source>
        <translation>
            <numerusform>%Ln label made.</numerusform>
            <numerusform>%Ln labels made.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) now followed in Tracking.</source>
        <translation>
            <numerusform>%Ln object now followed in Tracking.</numerusform>
            <numerusform>%Ln objects now followed in Tracking.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DocumentPreview</name>
    <message numerus="yes">
        <source>%Ln page(s) ready to print or save.</source>
        <translation>
            <numerusform>%Ln page ready to print or save.</numerusform>
            <numerusform>%Ln pages ready to print or save.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) sent to the printer.</source>
        <translation>
            <numerusform>%Ln page sent to the printer.</numerusform>
            <numerusform>%Ln pages sent to the printer.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabelsActions</name>
    <message numerus="yes">
        <source>%Ln object(s) now followed in Tracking.</source>
        <translation>
            <numerusform>%Ln object now followed in Tracking.</numerusform>
            <numerusform>%Ln objects now followed in Tracking.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FileAgain</name>
    <message numerus="yes">
        <source>%n claim(s) were sent before and no answer was read: the operator may have them. Follow them first to find out.

File them again anyway? If the operator has them, it answers that a claim already exists (900).</source>
        <translation>
            <numerusform>%n claim was sent before and no answer was read: the operator may have it. Follow it first to find out.

File it again anyway? If the operator has it, it answers that a claim already exists (900).</numerusform>
            <numerusform>%n claims were sent before and no answer was read: the operator may have them. Follow them first to find out.

File them again anyway? If the operator has them, it answers that a claim already exists (900).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SentDialog</name>
    <message numerus="yes">
        <source>%n call(s) wait for a decision.</source>
        <translation>
            <numerusform>%n call waits for a decision.</numerusform>
            <numerusform>%n calls wait for a decision.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Refresher</name>
    <message numerus="yes">
        <source>%n object(s) added and archived at once: delivered on time more than %1 days ago.</source>
        <translation>
            <numerusform>%n object added and archived at once: delivered on time more than %1 days ago.</numerusform>
            <numerusform>%n objects added and archived at once: delivered on time more than %1 days ago.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ObjectModel</name>
    <message numerus="yes">
        <source>%n day(s) past the expected date</source>
        <translation>
            <numerusform>%n day past the expected date</numerusform>
            <numerusform>%n days past the expected date</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReturnsPage</name>
    <message numerus="yes">
        <source>Cancel %Ln return authorization(s) with the operator? The customer can no longer post it.</source>
        <translation>
            <numerusform>Cancel %Ln return authorization with the operator? The customer can no longer post it.</numerusform>
            <numerusform>Cancel %Ln return authorizations with the operator? The customers can no longer post them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln return(s) shown</source>
        <translation>
            <numerusform>%1 of %Ln return shown</numerusform>
            <numerusform>%1 of %Ln returns shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%Ln not posted by the customer yet)</source>
        <translation>
            <numerusform>(%Ln not posted by the customer yet)</numerusform>
            <numerusform>(%Ln not posted by the customers yet)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The operator was asked about %Ln return(s).</source>
        <translation>
            <numerusform>The operator was asked about %Ln return.</numerusform>
            <numerusform>The operator was asked about %Ln returns.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln return authorization(s) cancelled.</source>
        <translation>
            <numerusform>%Ln return authorization cancelled.</numerusform>
            <numerusform>%Ln return authorizations cancelled.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln return authorization(s) cancelled; the operator refused %1: %2</source>
        <translation>
            <numerusform>%Ln return authorization cancelled; the operator refused %1: %2</numerusform>
            <numerusform>%Ln return authorizations cancelled; the operator refused %1: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrackingProofWords</name>
    <message numerus="yes">
        <source>%n proof(s) of delivery fetched</source>
        <translation>
            <numerusform>%n proof of delivery fetched</numerusform>
            <numerusform>%n proofs of delivery fetched</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already stored</source>
        <translation>
            <numerusform>%n was already stored</numerusform>
            <numerusform>%n were already stored</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not delivered (nothing asked)</source>
        <translation>
            <numerusform>%n is not delivered (nothing asked)</numerusform>
            <numerusform>%n are not delivered (nothing asked)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting for the operator's pictures (ask again in a while)</source>
        <translation>
            <numerusform>%n is waiting for the operator's pictures (ask again in a while)</numerusform>
            <numerusform>%n are waiting for the operator's pictures (ask again in a while)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FiledPage</name>
    <message numerus="yes">
        <source>%n proof(s) of delivery attached in the folder %1.</source>
        <translation>
            <numerusform>%n proof of delivery attached in the folder %1.</numerusform>
            <numerusform>%n proofs of delivery attached in the folder %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProofWarning</name>
    <message numerus="yes">
        <source>Asking the operator for %n proof(s) of delivery…</source>
        <translation>
            <numerusform>Asking the operator for %n proof of delivery…</numerusform>
            <numerusform>Asking the operator for %n proofs of delivery…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProofAction</name>
    <message numerus="yes">
        <source>%n selected object(s) not delivered, left out</source>
        <translation>
            <numerusform>%n selected object not delivered, left out</numerusform>
            <numerusform>%n selected objects not delivered, left out</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OnTimeSection</name>
</context>
<context>
    <name>QuotesSection</name>
    <message numerus="yes">
        <source>%Ln quote(s)</source>
        <translation>
            <numerusform>%Ln quote</numerusform>
            <numerusform>%Ln quotes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SpendingSection</name>
    <message numerus="yes">
        <source>%1 of %n invoice(s) itemized</source>
        <translation>
            <numerusform>%1 of %n invoice itemized</numerusform>
            <numerusform>%1 of %n invoices itemized</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WhereSection</name>
    <message numerus="yes">
        <source>to %Ln state(s)</source>
        <translation>
            <numerusform>to %Ln state</numerusform>
            <numerusform>to %Ln states</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln parcel(s)</source>
        <translation>
            <numerusform>%Ln parcel</numerusform>
            <numerusform>%Ln parcels</numerusform>
        </translation>
    </message>
</context>
</TS>
