import { TRANSACTION_TRACE_PAGE } from "../content/services/transaction-trace";
import { servicePage } from "./service-page";

export const transactionTracePage = servicePage(TRANSACTION_TRACE_PAGE);
