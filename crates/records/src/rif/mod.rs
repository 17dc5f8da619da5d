//! renju.net's `.rif` database: XML with tables of rules, players, tournaments
//! and openings, and the games that refer to them by id.
//!
//! ```text
//! <database>
//!   <rules><rule id="1" name="RIF" info="..."/></rules>
//!   <players><player id="7" name="Ann" surname="Lee" country="3"/></players>
//!   <tournaments><tournament id="2" name="World Championship" start="1989-08-01"/></tournaments>
//!   <openings><opening id="3" name="Kansei"/></openings>
//!   <games>
//!     <game id="1" tournament="2" round="1" black="7" white="8" bresult="1" rule="1" opening="3">
//!       <move>h8 h9 h10 ...</move>
//!     </game>
//!   </games>
//! </database>
//! ```
//! `bresult` is Black's score: `1`, `0` or `0.5`.

mod reader;
mod xml;

pub(crate) use reader::read;
