/**
 * What the bot says, in the app's ten languages (SPEC §9): the command list Telegram shows, and
 * the replies to /start, /paysupport, /help, /terms and any other text. The refund rules are
 * those of SPEC §9 (requests within 24 hours, processed within 10 days), worded as /pay-support.
 */
import { type Language, resolveLanguage } from '@pixel-wall/shared';

/** Telegram's language_code (ISO 639-1) for each of our languages. */
export const TELEGRAM_LANGUAGE_CODES: Record<Language, string> = {
  en: 'en',
  ru: 'ru',
  de: 'de',
  fr: 'fr',
  jpn: 'ja',
  es: 'es',
  cn: 'zh',
  kr: 'ko',
  pt: 'pt',
  tr: 'tr',
};

export const BOT_COMMANDS = ['start', 'paysupport', 'help', 'terms'] as const;
export type BotCommandName = (typeof BOT_COMMANDS)[number];

export interface BotTexts {
  commands: Record<BotCommandName, string>;
  welcome: string;
  /** the inline button that opens the Mini App */
  open: string;
  help: string;
  /** refund rules; {email} is the contact address */
  paySupport: string;
  /** the same when no contact address is configured: replies here only */
  paySupportHere: string;
  /** {url} is the terms page */
  terms: string;
  /** any other text */
  unknown: string;
}

export const BOT_TEXTS: Record<Language, BotTexts> = {
  en: {
    commands: {
      start: 'Open Pixel Wall',
      paysupport: 'Payment support and refunds',
      help: 'How to play',
      terms: 'Terms of use',
    },
    welcome: 'Welcome to Pixel Wall! One shared 1024×1024 canvas, painted pixel by pixel by everyone.',
    open: 'Open Pixel Wall',
    help: 'Pick a colour, tap a pixel and paint it. Each paint uses a charge; charges refill over time. Commands: /start opens the game, /paysupport for purchase problems, /terms for the terms of use.',
    paySupport:
      'Ask for a refund within 24 hours of the purchase. Write to us with your Telegram ID, the date of the purchase and what you bought: reply here or write to {email}. Refunds are processed within 10 days.',
    paySupportHere:
      'Ask for a refund within 24 hours of the purchase. Reply here with your Telegram ID, the date of the purchase and what you bought. Refunds are processed within 10 days.',
    terms: 'The terms of use: {url}',
    unknown: 'I did not understand that. Try /start to open the game or /help.',
  },
  ru: {
    commands: {
      start: 'Открыть Pixel Wall',
      paysupport: 'Поддержка платежей и возвраты',
      help: 'Как играть',
      terms: 'Условия использования',
    },
    welcome:
      'Добро пожаловать в Pixel Wall! Один общий холст 1024×1024, который все рисуют пиксель за пикселем.',
    open: 'Открыть Pixel Wall',
    help: 'Выберите цвет, нажмите на пиксель и закрасьте его. Каждое закрашивание тратит заряд; заряды восстанавливаются со временем. Команды: /start открывает игру, /paysupport — проблемы с покупками, /terms — условия использования.',
    paySupport:
      'Запросите возврат в течение 24 часов после покупки. Напишите нам свой Telegram ID, дату покупки и что вы купили: ответьте здесь или напишите на {email}. Возвраты обрабатываются в течение 10 дней.',
    paySupportHere:
      'Запросите возврат в течение 24 часов после покупки. Ответьте здесь, указав свой Telegram ID, дату покупки и что вы купили. Возвраты обрабатываются в течение 10 дней.',
    terms: 'Условия использования: {url}',
    unknown: 'Не понял. Попробуйте /start, чтобы открыть игру, или /help.',
  },
  de: {
    commands: {
      start: 'Pixel Wall öffnen',
      paysupport: 'Zahlungshilfe und Erstattungen',
      help: 'So wird gespielt',
      terms: 'Nutzungsbedingungen',
    },
    welcome:
      'Willkommen bei Pixel Wall! Eine gemeinsame Leinwand mit 1024×1024 Pixeln, von allen Pixel für Pixel bemalt.',
    open: 'Pixel Wall öffnen',
    help: 'Wähle eine Farbe, tippe auf ein Pixel und male es an. Jedes Malen kostet eine Ladung; Ladungen füllen sich mit der Zeit auf. Befehle: /start öffnet das Spiel, /paysupport bei Problemen mit Käufen, /terms für die Nutzungsbedingungen.',
    paySupport:
      'Beantrage eine Erstattung innerhalb von 24 Stunden nach dem Kauf. Schreib uns deine Telegram-ID, das Kaufdatum und was du gekauft hast: hier oder an {email}. Erstattungen werden innerhalb von 10 Tagen bearbeitet.',
    paySupportHere:
      'Beantrage eine Erstattung innerhalb von 24 Stunden nach dem Kauf. Antworte hier mit deiner Telegram-ID, dem Kaufdatum und was du gekauft hast. Erstattungen werden innerhalb von 10 Tagen bearbeitet.',
    terms: 'Die Nutzungsbedingungen: {url}',
    unknown: 'Das habe ich nicht verstanden. Versuch /start, um das Spiel zu öffnen, oder /help.',
  },
  fr: {
    commands: {
      start: 'Ouvrir Pixel Wall',
      paysupport: 'Aide aux paiements et remboursements',
      help: 'Comment jouer',
      terms: "Conditions d'utilisation",
    },
    welcome:
      'Bienvenue sur Pixel Wall ! Une toile commune de 1024×1024, peinte pixel par pixel par tout le monde.',
    open: 'Ouvrir Pixel Wall',
    help: "Choisissez une couleur, touchez un pixel et peignez-le. Chaque coup de pinceau utilise une charge ; les charges se rechargent avec le temps. Commandes : /start ouvre le jeu, /paysupport pour un problème d'achat, /terms pour les conditions d'utilisation.",
    paySupport:
      "Demandez un remboursement dans les 24 heures suivant l'achat. Écrivez-nous avec votre identifiant Telegram, la date de l'achat et ce que vous avez acheté : ici ou à {email}. Les remboursements sont traités sous 10 jours.",
    paySupportHere:
      "Demandez un remboursement dans les 24 heures suivant l'achat. Répondez ici avec votre identifiant Telegram, la date de l'achat et ce que vous avez acheté. Les remboursements sont traités sous 10 jours.",
    terms: "Les conditions d'utilisation : {url}",
    unknown: "Je n'ai pas compris. Essayez /start pour ouvrir le jeu, ou /help.",
  },
  jpn: {
    commands: {
      start: 'Pixel Wallを開く',
      paysupport: '支払いサポートと返金',
      help: '遊び方',
      terms: '利用規約',
    },
    welcome: 'Pixel Wallへようこそ！みんなで1ピクセルずつ塗る、1024×1024の共有キャンバスです。',
    open: 'Pixel Wallを開く',
    help: '色を選び、ピクセルをタップして塗りましょう。塗るたびにチャージを1つ使い、チャージは時間とともに回復します。コマンド：/start でゲームを開く、/paysupport で購入の問題、/terms で利用規約。',
    paySupport:
      '返金は購入から24時間以内にご依頼ください。TelegramのID、購入日、購入したものを書いて、ここに返信するか {email} までご連絡ください。返金は10日以内に処理されます。',
    paySupportHere:
      '返金は購入から24時間以内にご依頼ください。TelegramのID、購入日、購入したものをここに返信してください。返金は10日以内に処理されます。',
    terms: '利用規約：{url}',
    unknown: 'よくわかりませんでした。/start でゲームを開くか、/help をお試しください。',
  },
  es: {
    commands: {
      start: 'Abrir Pixel Wall',
      paysupport: 'Ayuda con pagos y reembolsos',
      help: 'Cómo jugar',
      terms: 'Condiciones de uso',
    },
    welcome: '¡Bienvenido a Pixel Wall! Un lienzo compartido de 1024×1024 que todos pintan píxel a píxel.',
    open: 'Abrir Pixel Wall',
    help: 'Elige un color, toca un píxel y píntalo. Cada pintada usa una carga; las cargas se recuperan con el tiempo. Comandos: /start abre el juego, /paysupport para problemas con compras, /terms para las condiciones de uso.',
    paySupport:
      'Pide el reembolso en las 24 horas siguientes a la compra. Escríbenos con tu ID de Telegram, la fecha de la compra y lo que compraste: aquí o a {email}. Los reembolsos se procesan en un plazo de 10 días.',
    paySupportHere:
      'Pide el reembolso en las 24 horas siguientes a la compra. Responde aquí con tu ID de Telegram, la fecha de la compra y lo que compraste. Los reembolsos se procesan en un plazo de 10 días.',
    terms: 'Las condiciones de uso: {url}',
    unknown: 'No lo he entendido. Prueba /start para abrir el juego, o /help.',
  },
  cn: {
    commands: {
      start: '打开 Pixel Wall',
      paysupport: '支付支持与退款',
      help: '玩法说明',
      terms: '使用条款',
    },
    welcome: '欢迎来到 Pixel Wall！一块 1024×1024 的共享画布，由所有人一个像素一个像素地绘制。',
    open: '打开 Pixel Wall',
    help: '选择颜色，点击像素即可涂色。每次涂色消耗一次能量，能量会随时间恢复。命令：/start 打开游戏，/paysupport 处理购买问题，/terms 查看使用条款。',
    paySupport:
      '请在购买后 24 小时内申请退款。请告诉我们你的 Telegram ID、购买日期和所购物品：在这里回复或发送至 {email}。退款将在 10 天内处理。',
    paySupportHere:
      '请在购买后 24 小时内申请退款。请在这里回复你的 Telegram ID、购买日期和所购物品。退款将在 10 天内处理。',
    terms: '使用条款：{url}',
    unknown: '没有听懂。试试 /start 打开游戏，或 /help。',
  },
  kr: {
    commands: {
      start: 'Pixel Wall 열기',
      paysupport: '결제 지원 및 환불',
      help: '플레이 방법',
      terms: '이용 약관',
    },
    welcome: 'Pixel Wall에 오신 걸 환영해요! 모두가 한 픽셀씩 칠하는 1024×1024 공유 캔버스예요.',
    open: 'Pixel Wall 열기',
    help: '색을 고르고 픽셀을 눌러 칠하세요. 칠할 때마다 충전이 하나 쓰이고, 충전은 시간이 지나면 다시 차요. 명령어: /start 게임 열기, /paysupport 구매 문제, /terms 이용 약관.',
    paySupport:
      '환불은 구매 후 24시간 이내에 요청하세요. 텔레그램 ID, 구매 날짜, 구매한 상품을 여기에 답장하거나 {email}(으)로 보내 주세요. 환불은 10일 이내에 처리돼요.',
    paySupportHere:
      '환불은 구매 후 24시간 이내에 요청하세요. 텔레그램 ID, 구매 날짜, 구매한 상품을 여기에 답장해 주세요. 환불은 10일 이내에 처리돼요.',
    terms: '이용 약관: {url}',
    unknown: '이해하지 못했어요. /start로 게임을 열거나 /help를 입력해 보세요.',
  },
  pt: {
    commands: {
      start: 'Abrir o Pixel Wall',
      paysupport: 'Suporte a pagamentos e reembolsos',
      help: 'Como jogar',
      terms: 'Termos de uso',
    },
    welcome: 'Bem-vindo ao Pixel Wall! Uma tela compartilhada de 1024×1024, pintada pixel a pixel por todos.',
    open: 'Abrir o Pixel Wall',
    help: 'Escolha uma cor, toque num pixel e pinte-o. Cada pintura usa uma carga; as cargas se recuperam com o tempo. Comandos: /start abre o jogo, /paysupport para problemas com compras, /terms para os termos de uso.',
    paySupport:
      'Peça o reembolso em até 24 horas após a compra. Escreva para nós com seu ID do Telegram, a data da compra e o que você comprou: aqui ou para {email}. Os reembolsos são processados em até 10 dias.',
    paySupportHere:
      'Peça o reembolso em até 24 horas após a compra. Responda aqui com seu ID do Telegram, a data da compra e o que você comprou. Os reembolsos são processados em até 10 dias.',
    terms: 'Os termos de uso: {url}',
    unknown: 'Não entendi. Tente /start para abrir o jogo, ou /help.',
  },
  tr: {
    commands: {
      start: "Pixel Wall'u aç",
      paysupport: 'Ödeme desteği ve iadeler',
      help: 'Nasıl oynanır',
      terms: 'Kullanım koşulları',
    },
    welcome: "Pixel Wall'a hoş geldin! Herkesin piksel piksel boyadığı 1024×1024 ortak bir tuval.",
    open: "Pixel Wall'u aç",
    help: 'Bir renk seç, bir piksele dokun ve boya. Her boyama bir şarj kullanır; şarjlar zamanla dolar. Komutlar: /start oyunu açar, /paysupport satın alma sorunları için, /terms kullanım koşulları için.',
    paySupport:
      'İadeyi satın almadan sonraki 24 saat içinde iste. Bize Telegram kimliğini, satın alma tarihini ve ne aldığını yaz: buradan ya da {email} adresine. İadeler 10 gün içinde işlenir.',
    paySupportHere:
      'İadeyi satın almadan sonraki 24 saat içinde iste. Buradan Telegram kimliğini, satın alma tarihini ve ne aldığını yazarak yanıtla. İadeler 10 gün içinde işlenir.',
    terms: 'Kullanım koşulları: {url}',
    unknown: 'Anlamadım. Oyunu açmak için /start ya da /help dene.',
  },
};

/** The texts for a Telegram user's language_code; English for anything else. */
export function botTextsFor(languageCode: string | null | undefined): BotTexts {
  return BOT_TEXTS[resolveLanguage(languageCode ?? null)];
}

/** setMyCommands' list for one language. */
export function commandList(language: Language): { command: string; description: string }[] {
  return BOT_COMMANDS.map((command) => ({ command, description: BOT_TEXTS[language].commands[command] }));
}
